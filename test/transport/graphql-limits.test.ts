import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, gql, registerHousehold, startGraphqlWorld, type GraphqlWorld } from './graphql-support.ts';

/** The depth and cost limits the transport facade shares with the claims facade. */

let world: GraphqlWorld;

beforeAll(async () => {
  world = await startGraphqlWorld();
  await registerHousehold(world, 'demo', 'Lima Limits');
});

afterAll(async () => {
  await world?.close();
});

const FULL_HOUSEHOLD = '{ name children { id } payers { id } invoices { id payer { id } } payerSplits { payer { id } } }';

describe('depth', () => {
  it('refuses a query nested deeper than eight levels with 400, before anything runs', async () => {
    const callsBefore = world.identity.calls.length;
    const deep = '{ routes { bus { routes { bus { routes { bus { routes { bus { id } } } } } } } } }';
    const answer = await gql(world, deep, { token: world.tokens.demo });

    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(codesOf(answer)).toEqual(['query_too_deep']);
    expect(answer.body.errors[0].message).toBe('The query is nested 9 levels deep; at most 8 are allowed.');
    // Refused while validating, after the token was checked (once): access is decided before parsing.
    expect(world.identity.calls.length).toBe(callsBefore + 1);

    const allowed = await gql(world, '{ routes { bus { routes { bus { routes { bus { routes { id } } } } } } } }', {
      token: world.tokens.demo,
    });
    expect(allowed.body).toEqual({ data: { routes: [] } });
  });

  it('counts depth through fragments', async () => {
    const query = `
      fragment Deep on Bus { routes { bus { routes { bus { routes { bus { id } } } } } } }
      { routes { bus { ...Deep } } }`;
    const answer = await gql(world, query, { token: world.tokens.demo });

    expect(codesOf(answer)).toEqual(['query_too_deep']);
  });
});

describe('cost', () => {
  it('allows a full 100-household page with children, payers, invoices and splits', async () => {
    const answer = await gql(world, `{ households(first: 100) { totalCount nodes ${FULL_HOUSEHOLD} } }`, { token: world.tokens.demo });

    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.households.totalCount).toBe(1);
  });

  it('refuses a query whose estimated cost is over the ceiling with 400, the estimate and no data', async () => {
    const costly = `{ a: households(first: 100) { nodes ${FULL_HOUSEHOLD} } b: households(first: 100) { nodes ${FULL_HOUSEHOLD} } }`;
    const answer = await gql(world, costly, { token: world.tokens.demo });

    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(codesOf(answer)).toEqual(['query_too_costly']);
    expect(answer.body.errors[0].extensions.maxCost).toBe(5000);
    expect(answer.body.errors[0].extensions.cost).toBeGreaterThan(5000);
  });

  it('takes page sizes from variables when estimating', async () => {
    const query = `query Pages($n: Int) { a: households(first: $n) { nodes ${FULL_HOUSEHOLD} } b: households(first: $n) { nodes ${FULL_HOUSEHOLD} } }`;

    expect((await gql(world, query, { token: world.tokens.demo, variables: { n: 10 } })).body.errors).toBeUndefined();
    expect(codesOf(await gql(world, query, { token: world.tokens.demo, variables: { n: 100 } }))).toEqual(['query_too_costly']);
  });

  it('weighs lists that return every row by their assumed size', async () => {
    const query = '{ routes { stops { name } bus { routes { stops { name } } } } buses { routes { stops { name } } } }';

    expect(codesOf(await gql(world, query, { token: world.tokens.demo }))).toEqual(['query_too_costly']);
  });

  it('answers a caller without access with the access error, not the estimate', async () => {
    const costly = `{ a: households(first: 100) { nodes ${FULL_HOUSEHOLD} } b: households(first: 100) { nodes ${FULL_HOUSEHOLD} } }`;

    const anonymous = await gql(world, costly);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data).toBeNull();
    expect(new Set(codesOf(anonymous))).toEqual(new Set(['unauthorized']));
    const parent = await gql(world, costly, { token: world.tokens.parent });
    expect(parent.status).toBe(403);
    expect(new Set(codesOf(parent))).toEqual(new Set(['forbidden']));
  });
});
