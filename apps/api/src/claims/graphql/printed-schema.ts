import { lexicographicSortSchema, printSchema } from '../../graphql-common/graphql-js.ts';
import { claimsGraphqlSchema } from './schema.ts';

/** The SDL committed as apps/api/schema.graphql; sorted so the file only changes when the schema does. */
export const printClaimsGraphqlSchema = (): string => `${printSchema(lexicographicSortSchema(claimsGraphqlSchema))}\n`;
