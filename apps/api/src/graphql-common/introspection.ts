import { GraphQLError, Lexer, Source, TokenKind } from './graphql-js.ts';
import { isIntrospectionField } from './document-parts.ts';

/**
 * True when the query text names the schema's own fields (`__schema`, `__type`). Read from the
 * tokens, not a syntax tree: a caller without access is answered before the query is parsed, and
 * this only picks the shape of that refusal. Called once the token count has passed, so it reads
 * a bounded text; text that does not lex counts as far as it goes.
 */
export const namesSchemaFields = (query: string): boolean => {
  const lexer = new Lexer(new Source(query));
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (token.kind === TokenKind.NAME && isIntrospectionField(token.value)) {
        return true;
      }
    }
  } catch (error) {
    if (!(error instanceof GraphQLError)) {
      throw error;
    }
  }

  return false;
};
