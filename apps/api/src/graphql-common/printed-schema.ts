import { lexicographicSortSchema, printSchema, type GraphQLSchema } from './graphql-js.ts';

/** The SDL a facade commits (apps/api/schema.graphql, transport-schema.graphql); sorted so the file only changes when the schema does. */
export const printSortedSchema = (schema: GraphQLSchema): string => `${printSchema(lexicographicSortSchema(schema))}\n`;
