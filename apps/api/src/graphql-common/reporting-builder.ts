import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { GraphQLError } from './graphql-js.ts';
import { CENTS_SCALAR, DATE_SCALAR, DATE_TIME_SCALAR } from './scalars.ts';

/**
 * The scalars of the facades. The builder registers the first three; `JSON` (stored JSON passed
 * through, output only) is registered by a facade that uses it, and absent from the others' schemas.
 */
export type ReportingScalars = {
  DateTime: { Input: Date; Output: Date | string };
  Date: { Input: string; Output: string };
  Cents: { Input: number; Output: number };
  JSON: { Input: unknown; Output: unknown };
};

export type ReportingSchemaTypes<Context> = {
  Context: Context;
  AuthScopes: { staff: boolean };
  DefaultFieldNullability: false;
  Scalars: ReportingScalars;
};

/**
 * The Pothos builder of a reporting facade: non-null fields unless said otherwise, one `staff` scope
 * read from the context, and the shared scalars registered. `refusal` is the error a field guarded by
 * the scope raises for a caller without it (the guard plugin has refused most of them before).
 */
export const createReportingBuilder = <Context extends { isStaff: boolean }>(refusal: (context: Context) => GraphQLError) => {
  const builder = new SchemaBuilder<ReportingSchemaTypes<Context>>({
    plugins: [ScopeAuthPlugin],
    defaultFieldNullability: false,
    scopeAuth: {
      authScopes: (context) => ({ staff: context.isStaff }),
      unauthorizedError: (_parent, context) => refusal(context),
    },
  });
  builder.scalarType('DateTime', DATE_TIME_SCALAR);
  builder.scalarType('Date', DATE_SCALAR);
  builder.scalarType('Cents', CENTS_SCALAR);

  return builder;
};
