import { GraphQLError, Lexer, Source, TokenKind } from './graphql-js.ts';

/**
 * The query's tokens, counting no further than `max + 1`: a long query is refused after reading
 * its first few thousand tokens, before any syntax tree is built. Text that does not lex is left to
 * the parser, which reports it properly.
 */
export const countTokensUpTo = (query: string, max: number): number => {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  try {
    while (count <= max && lexer.advance().kind !== TokenKind.EOF) {
      count += 1;
    }
  } catch (error) {
    if (!(error instanceof GraphQLError)) {
      throw error;
    }
  }

  return count;
};
