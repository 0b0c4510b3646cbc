/** What one GraphQL request may ask for, on every facade alike. */
export const GRAPHQL_REQUEST_LIMITS = {
  /** Deepest field nesting, counted from the root field as 1. Introspection fields are not counted. */
  maxDepth: 8,
  /** Ceiling of the cost estimate; see estimate-cost.ts. */
  maxCost: 5000,
  /** Request body bytes; a query plus variables never needs more. */
  maxBodyBytes: 64 * 1024,
} as const;
