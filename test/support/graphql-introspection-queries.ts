import { getIntrospectionQuery } from '../../apps/api/src/graphql-common/graphql-js.ts';

/** The introspection query GraphiQL sends, with every option a current GraphiQL turns on. */
export const GRAPHIQL_INTROSPECTION = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});

/** `count` aliases of the whole schema's fields: 1,200 of them make a query of about 55 KB. */
export const aliasedSchemaQuery = (count: number): string =>
  `{${Array.from({ length: count }, (_, index) => `s${index}:__schema{types{fields{name type{name}}}}`).join(' ')}}`;
