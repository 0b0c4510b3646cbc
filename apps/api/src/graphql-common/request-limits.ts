/** What one GraphQL request may ask for, on every facade alike. */
export const GRAPHQL_REQUEST_LIMITS = {
  /** Deepest field nesting, counted from the root field as 1. Introspection fields are not counted. */
  maxDepth: 8,
  /** Ceiling of the cost estimate; see estimate-cost.ts. Introspection counts. */
  maxCost: 5000,
  /** Request body bytes; a query plus variables never needs more. */
  maxBodyBytes: 64 * 1024,
  /** Lexical tokens of the query text, counted before it is parsed; GraphiQL's introspection query has under 200. */
  maxTokens: 2000,
  /** Fields one operation selects, fragments spread out (document-size-rule.ts). */
  maxFields: 500,
  /** Aliased fields one operation selects, fragments spread out. */
  maxAliases: 30,
  /** Bytes of one answer as JSON; a larger answer is replaced by an error (answer-size.ts). */
  maxAnswerBytes: 4 * 1024 * 1024,
} as const;
