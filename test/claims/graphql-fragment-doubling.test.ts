import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { fragmentDoubling, settledInOrder } from '../support/graphql-fragment-doubling.ts';
import { ReceiverHarness } from '../support/webhooks/receiver-harness.ts';
import { gql } from './graphql-support.ts';

/**
 * A small query whose fragments each spread the previous one twice is refused at the cost of its
 * length, and the services that share the event loop (health, the webhook receiver) answer beside
 * it; a caller without the staff key is refused before the query is parsed, so it learns nothing.
 */

let claims: TestClaims;
let receiver: ReceiverHarness;

beforeAll(async () => {
  claims = await startTestClaims();
  // The receiver runs in this process too, as it does beside the services under `npm start`.
  receiver = await ReceiverHarness.start();
});

afterAll(async () => {
  await receiver?.close();
  await claims?.close();
});

const codesOf = (answer: { body: any }): string[] =>
  (answer.body.errors ?? []).map((error: { extensions?: { code?: string } }) => error.extensions?.code);

/** Nine levels deep, one more than allowed. */
const TOO_DEEP =
  'claims(first: 1) { edges { node { client { recentClaims(first: 1) { client { recentClaims(first: 1) { client { companyName } } } } } } } }';

const FORBIDDEN = { message: 'A valid staff key is required.', extensions: { code: 'forbidden' } };

describe('30 levels of fragments that each spread the previous one twice', () => {
  it('answers staff with the limit errors, while health and the webhook receiver answer beside it', async () => {
    const query = fragmentDoubling(30, 'Query', TOO_DEEP);
    expect(query.length).toBeLessThan(2000);
    const order: string[] = [];

    const [answer, health, receiverHealth] = await Promise.all([
      settledInOrder(order, 'graphql', gql(claims, query)),
      // Sent once the query is on its way: a loop held by the query would hold these too.
      settledInOrder(order, 'health', fetch(`${claims.url}/api/health`)),
      settledInOrder(order, 'receiver', fetch(`${receiver.url}/health`)),
    ]);

    expect(answer.body.data).toBeUndefined();
    expect(codesOf(answer)).toEqual(['query_too_deep', 'query_too_large']);
    expect(answer.body.errors[0].message).toBe('The query is nested 9 levels deep; at most 8 are allowed.');
    expect(answer.body.errors[1].extensions.fields).toBe(2 ** 30 * 9);
    expect(health.status).toBe(200);
    expect(receiverHealth.status).toBe(200);
    expect(order.sort()).toEqual(['graphql', 'health', 'receiver']);
  });

  it('answers a caller without the key 403 before parsing', async () => {
    const answer = await gql(claims, fragmentDoubling(30, 'Query', TOO_DEEP), { staff: false });

    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ data: null, errors: [FORBIDDEN] });
  });
});

describe('access is decided before the query is parsed', () => {
  it('tells a caller without the key, or with a wrong one, nothing of the schema: no suggestions, no validation or syntax errors', async () => {
    for (const query of ['{ claimz { totalCount } }', '{ claims(frist: 1) { totalCount } }', '{ claims { totalCount ', 'mutation { x }']) {
      for (const staff of [false, 'not-the-staff-key-at-all']) {
        const answer = await gql(claims, query, { staff });

        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ data: null, errors: [FORBIDDEN] });
      }
    }
  });

  it("keeps graphql-js's suggestions for staff outside production", async () => {
    const answer = await gql(claims, '{ claimz { totalCount } }');

    expect(answer.body.errors[0].message).toContain('Cannot query field "claimz" on type "Query". Did you mean "claim"');
    const variable = await gql(claims, 'query Claims($filter: ClaimFilter) { claims(filter: $filter) { totalCount } }', {
      variables: { filter: { status: ['NEWW'] } },
    });
    expect(variable.body.errors[0].message).toContain('Did you mean the enum value "NEW"?');
  });
});

describe('in production', () => {
  let production: TestClaims;

  beforeAll(async () => {
    production = await startTestClaims({ NODE_ENV: 'production' });
  });

  afterAll(async () => {
    await production?.close();
  });

  it('masks the suggestions even for staff, in validation and in variable errors', async () => {
    // Production answers over HTTPS only; the proxy in front says the request came that way.
    const headers = { 'X-Forwarded-Proto': 'https' };
    const field = await gql(production, '{ claimz { totalCount } }', { headers });
    expect(field.body.errors.map((error: { message: string }) => error.message)).toEqual(['Cannot query field "claimz" on type "Query".']);
    expect(codesOf(field)).toEqual(['GRAPHQL_VALIDATION_FAILED']);

    const variable = await gql(production, 'query Claims($filter: ClaimFilter) { claims(filter: $filter) { totalCount } }', {
      variables: { filter: { status: ['NEWW'] } },
      headers,
    });
    expect(variable.body.errors).toHaveLength(1);
    expect(variable.body.errors[0].message).toContain('"NEWW"');
    expect(JSON.stringify(variable.body)).not.toContain('Did you mean');
    expect(JSON.stringify(variable.body)).not.toContain('"NEW"');
  });
});
