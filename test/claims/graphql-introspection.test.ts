import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { aliasedSchemaQuery, GRAPHIQL_INTROSPECTION } from '../support/graphql-introspection-queries.ts';
import { gql } from './graphql-support.ts';

/** Introspection is held to the request limits like data (docs/graphql.md, "Limits"). */

let claims: TestClaims;

beforeAll(async () => {
  claims = await startTestClaims();
});

afterAll(async () => {
  await claims?.close();
});

// The answer with its size: a refusal is a few hundred bytes, whatever the query asked for.
const ask = async (query: string) => {
  const answer = await gql(claims, query);

  return { ...answer, bytes: JSON.stringify(answer.body).length };
};

const codesOf = (answer: { body: any }): string[] =>
  (answer.body.errors ?? []).map((error: { extensions?: { code?: string } }) => error.extensions?.code);

describe('introspection on the claims facade', () => {
  it("answers GraphiQL's introspection query in full", async () => {
    const answer = await ask(GRAPHIQL_INTROSPECTION);

    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.__schema.types.map((type: { name: string }) => type.name)).toContain('Claim');
  });

  it('refuses 1,200 aliases of the whole schema (55 KB) with 400 at once', async () => {
    const answer = await ask(aliasedSchemaQuery(1200));

    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['query_too_large']);
    expect(answer.bytes).toBeLessThan(1000);
  });

  it('refuses more than 30 aliases while validating, so nothing runs', async () => {
    const answer = await ask(`{ ${Array.from({ length: 31 }, (_, index) => `q${index}: __typename`).join(' ')} }`);

    // Validation errors keep this facade's status for them (as for query_too_deep); the code says why.
    expect(answer.body.data).toBeUndefined();
    expect(codesOf(answer)).toEqual(['query_too_large']);
  });

  it('counts introspection in the cost estimate', async () => {
    const answer = await ask(aliasedSchemaQuery(12));

    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['query_too_costly']);
  });

  it('answers a caller without the key with forbidden, not the size of the query', async () => {
    const answer = await gql(claims, aliasedSchemaQuery(2), { staff: false });

    expect(answer.body.data).toBeUndefined();
    expect(codesOf(answer)).toEqual(['forbidden']);
  });
});
