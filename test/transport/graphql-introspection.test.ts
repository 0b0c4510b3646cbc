import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasedSchemaQuery, GRAPHIQL_INTROSPECTION } from '../support/graphql-introspection-queries.ts';
import { codesOf, gql, startGraphqlWorld, type GraphqlWorld } from './graphql-support.ts';

/** Introspection is held to the request limits like data (docs/graphql.md, "Limits"). */

let world: GraphqlWorld;

beforeAll(async () => {
  world = await startGraphqlWorld();
});

afterAll(async () => {
  await world?.close();
});

// The answer with its size: a refusal is a few hundred bytes, whatever the query asked for.
const ask = async (query: string) => {
  const answer = await gql(world, query, { token: world.tokens.demo });

  return { ...answer, bytes: JSON.stringify(answer.body).length };
};

describe('introspection on the transport facade', () => {
  it("answers GraphiQL's introspection query in full", async () => {
    const answer = await ask(GRAPHIQL_INTROSPECTION);

    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.__schema.queryType.name).toBe('Query');
    expect(answer.body.data.__schema.types.map((type: { name: string }) => type.name)).toContain('Household');
  });

  it('refuses 1,200 aliases of the whole schema (55 KB) with 400 at once, before parsing', async () => {
    const query = aliasedSchemaQuery(1200);
    expect(query.length).toBeGreaterThan(54_000);
    expect(query.length).toBeLessThan(64 * 1024);
    const callsBefore = world.identity.calls.length;
    const answer = await ask(query);

    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(codesOf(answer)).toEqual(['query_too_large']);
    expect(answer.body.errors[0].message).toBe('The query is longer than 2000 tokens; send a shorter query.');
    expect(answer.bytes).toBeLessThan(1000);
    // Refused before the token was even checked.
    expect(world.identity.calls.length).toBe(callsBefore);
  });

  it('refuses more than 30 aliases, however cheap each one is', async () => {
    const query = `{ ${Array.from({ length: 31 }, (_, index) => `q${index}: __typename`).join(' ')} }`;
    const answer = await ask(query);

    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['query_too_large']);
    expect(answer.body.errors[0].message).toBe('The query uses 31 aliases; at most 30 are allowed.');
    expect((await ask(`{ ${Array.from({ length: 30 }, (_, index) => `q${index}: __typename`).join(' ')} }`)).body.data.q29).toBe('Query');
  });

  it('refuses more than 500 fields, counting each spread of a fragment', async () => {
    const query = `{ __schema { types { ...T ...T } } } fragment T on __Type { ${'name '.repeat(251)} }`;
    const answer = await ask(query);

    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['query_too_large']);
    expect(answer.body.errors[0].message).toBe('The query selects 504 fields, fragments spread out; at most 500 are allowed.');
  });

  it('counts introspection in the cost estimate', async () => {
    const answer = await ask(aliasedSchemaQuery(10));

    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['query_too_costly']);
    expect(answer.body.errors[0].extensions.cost).toBeGreaterThan(5000);
    // One copy of the same question is within the limits.
    expect((await ask(aliasedSchemaQuery(1))).body.errors).toBeUndefined();
  });
});
