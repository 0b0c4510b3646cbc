import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { GraphqlContext } from './graphql-context.ts';
import { forbiddenError, unauthorizedError } from './graphql-errors.ts';

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  AuthScopes: { staff: boolean };
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: string; Output: string };
    Cents: { Input: number; Output: number };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({ staff: context.isStaff }),
    // No valid token is 401; a valid token without a staff role (a parent) is 403.
    unauthorizedError: (_parent, context) => (context.viewer ? forbiddenError() : unauthorizedError()),
  },
});

// Field files take the cost helper from here, beside the builder they declare fields on.
export { cost } from '../../graphql-common/cost-hint.ts';
