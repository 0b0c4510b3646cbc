import { lexicographicSortSchema, printSchema } from '../../graphql-common/graphql-js.ts';
import { transportGraphqlSchema } from './schema.ts';

/** The SDL committed as apps/api/transport-schema.graphql; sorted so the file only changes when the schema does. */
export const printTransportGraphqlSchema = (): string => `${printSchema(lexicographicSortSchema(transportGraphqlSchema))}\n`;
