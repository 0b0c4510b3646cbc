import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fragmentDoubling, settledInOrder } from '../support/graphql-fragment-doubling.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { codesOf, gql, startGraphqlWorld, type GraphqlWorld } from './graphql-support.ts';

/**
 * A small query whose fragments each spread the previous one twice is refused at the cost of its
 * length, and the services that share the event loop (health, the webhook receiver) answer beside
 * it; a caller without a token is refused before the query is parsed, so it learns nothing.
 */

let world: GraphqlWorld;
let receiver: ReceiverHarness;

beforeAll(async () => {
  world = await startGraphqlWorld();
  // The receiver runs in this process too, as it does beside the services under `npm start`.
  receiver = await ReceiverHarness.start();
});

afterAll(async () => {
  await receiver?.close();
  await world?.close();
});

/** Nine levels deep, one more than allowed. */
const TOO_DEEP = 'routes { bus { routes { bus { routes { bus { routes { bus { id } } } } } } } }';

describe('30 levels of fragments that each spread the previous one twice', () => {
  it('answers an operator with the limit errors, while health and the webhook receiver answer beside it', async () => {
    const query = fragmentDoubling(30, 'Query', TOO_DEEP);
    expect(query.length).toBeLessThan(2000);
    const order: string[] = [];

    const [answer, health, receiverHealth] = await Promise.all([
      settledInOrder(order, 'graphql', gql(world, query, { token: world.tokens.demo })),
      // Sent once the query is on its way: a loop held by the query would hold these too.
      settledInOrder(order, 'health', fetch(`${world.transport.url}/api/health`)),
      settledInOrder(order, 'receiver', fetch(`${receiver.url}/health`)),
    ]);

    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(codesOf(answer)).toEqual(['query_too_deep', 'query_too_large']);
    expect(answer.body.errors[0].message).toBe('The query is nested 9 levels deep; at most 8 are allowed.');
    expect(answer.body.errors[1].extensions.fields).toBe(2 ** 30 * 9);
    expect(health.status).toBe(200);
    expect(receiverHealth.status).toBe(200);
    expect(order.sort()).toEqual(['graphql', 'health', 'receiver']);
  });

  it('answers a caller without a token 401 before parsing, and one who is not staff 403', async () => {
    const query = fragmentDoubling(30, 'Query', TOO_DEEP);
    const callsBefore = world.identity.calls.length;

    const anonymous = await gql(world, query);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data).toBeNull();
    expect(codesOf(anonymous)).toEqual(['unauthorized']);
    // No token, nothing to ask the provider.
    expect(world.identity.calls.length).toBe(callsBefore);

    const parent = await gql(world, query, { token: world.tokens.parent });
    expect(parent.status).toBe(403);
    expect(codesOf(parent)).toEqual(['forbidden']);
  });
});

describe('access is decided before the query is parsed', () => {
  it('tells a caller without a token nothing of the schema: no suggestions, no validation or syntax errors', async () => {
    for (const query of ['{ rutes { id } }', '{ routes(stauts: [active]) { id } }', '{ routes { id ', 'mutation { x }']) {
      const answer = await gql(world, query);

      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ data: null, errors: [{ message: 'Invalid token', extensions: { code: 'unauthorized' } }] });
    }
    const parent = await gql(world, '{ rutes { id } }', { token: world.tokens.parent });
    expect(parent.status).toBe(403);
    expect(JSON.stringify(parent.body)).not.toContain('routes');
  });

  it('asks the identity provider once per request, the answer serving the access check and the reports', async () => {
    const callsBefore = world.identity.calls.length;

    const answer = await gql(world, '{ tenant { id } }', { token: world.tokens.demo });

    expect(answer.body).toEqual({ data: { tenant: { id: 'demo' } } });
    expect(world.identity.calls.length).toBe(callsBefore + 1);
  });

  it("keeps graphql-js's suggestions for staff outside production", async () => {
    const answer = await gql(world, '{ rutes { id } }', { token: world.tokens.demo });

    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toContain('Cannot query field "rutes" on type "Query". Did you mean "routes"');
    const variable = await gql(world, 'query Routes($status: [RouteStatus!]) { routes(status: $status) { id } }', {
      token: world.tokens.demo,
      variables: { status: ['actve'] },
    });
    expect(variable.body.errors[0].message).toContain('Did you mean the enum value "active"');
  });
});

describe('in production', () => {
  let production: GraphqlWorld;

  beforeAll(async () => {
    production = await startGraphqlWorld({ NODE_ENV: 'production', STAFF_KEY: 'production-staff-key-0123456789', TRUST_PROXY: 'true' });
  });

  afterAll(async () => {
    await production?.close();
  });

  it('masks the suggestions even for staff, in validation and in variable errors', async () => {
    // Production answers over HTTPS only; the proxy in front says the request came that way.
    const headers = { 'X-Forwarded-Proto': 'https' };
    const field = await gql(production, '{ rutes { id } }', { token: production.tokens.demo, headers });
    expect(field.status).toBe(400);
    expect(field.body.errors.map((error: { message: string }) => error.message)).toEqual(['Cannot query field "rutes" on type "Query".']);
    expect(codesOf(field)).toEqual(['GRAPHQL_VALIDATION_FAILED']);

    const variable = await gql(production, 'query Routes($status: [RouteStatus!]) { routes(status: $status) { id } }', {
      token: production.tokens.demo,
      headers,
      variables: { status: ['actve'] },
    });
    expect(variable.body.errors).toHaveLength(1);
    expect(variable.body.errors[0].message).toContain('"actve"');
    expect(JSON.stringify(variable.body)).not.toContain('Did you mean');
    expect(JSON.stringify(variable.body)).not.toContain('"active"');
  });
});
