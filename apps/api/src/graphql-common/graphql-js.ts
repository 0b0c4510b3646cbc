/**
 * The one import of graphql-js for the GraphQL facades. Node resolves a bare `graphql` to the
 * CommonJS build, the copy Pothos and graphql-yoga load; vitest resolves it for our sources to the
 * ESM build instead, and graphql-js refuses types and errors made by a second copy. Naming the file
 * pins both to the same copy.
 */
export * from 'graphql/index.js';
