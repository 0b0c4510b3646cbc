import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody } from '../support/claims-client.ts';
import { claimsGraphqlSchema } from '../../apps/api/src/claims/graphql/schema.ts';
import { printSortedSchema } from '../../apps/api/src/graphql-common/printed-schema.ts';
import { gql } from './graphql-support.ts';

let claims: TestClaims;
let claimNumber: string;

beforeAll(async () => {
  claims = await startTestClaims();
  const intake = await call(claims, 'POST', '/api/intake', { body: intakeBody({ company: 'Access Co', amount: 12_345 }) });
  claimNumber = intake.body.claim_number;
});

afterAll(async () => {
  await claims?.close();
});

const EVERY_ROOT_FIELD = `{
  claim(claimNumber: "CLM-0000-0000") { claimNumber }
  claims { totalCount }
  staffStats { totalClaims }
  agingBuckets { claimCount }
  recoveryByTier { tier }
  recoveryByIntakeMonth { month }
  claimsByStatusOverTime(from: "2026-01-01", to: "2026-02-01") { total }
}`;

describe('staff key', () => {
  it('answers every field with forbidden and no data when the key is missing', async () => {
    const answer = await gql(claims, EVERY_ROOT_FIELD, { staff: false });

    expect(answer.status).toBe(403);
    expect(answer.body.data).toBeNull();
    const errors = answer.body.errors as { extensions: { code: string } }[];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((error) => error.extensions.code === 'forbidden')).toBe(true);
  });

  it('treats a wrong key like a missing one', async () => {
    const wrong = await gql(claims, `{ claim(claimNumber: "${claimNumber}") { claimNumber client { email } } }`, {
      staff: 'not-the-staff-key-at-all',
    });

    expect(wrong.status).toBe(403);
    expect(wrong.body.data).toBeNull();
    expect(wrong.body.errors).toHaveLength(1);
    expect(wrong.body.errors[0].extensions).toEqual({ code: 'forbidden' });
    expect(JSON.stringify(wrong.body)).not.toContain('Access Co');
  });

  it('refuses introspection without the key and allows it with the key', async () => {
    const query = '{ __schema { queryType { name } } }';
    const refused = await gql(claims, query, { staff: false });
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0].extensions.code).toBe('forbidden');

    const allowed = await gql(claims, query);
    expect(allowed.body.data.__schema.queryType.name).toBe('Query');
  });

  it('answers with the key', async () => {
    const answer = await gql(claims, `{ claim(claimNumber: "${claimNumber}") { claimNumber amountDisplay client { companyName } } }`);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { claim: { claimNumber, amountDisplay: '$123.45', client: { companyName: 'Access Co' } } },
    });
  });
});

describe('query limits', () => {
  it('refuses a query nested deeper than eight levels before running it', async () => {
    const deep = `{ claims(first: 1) { edges { node { client { recentClaims(first: 1) { client { recentClaims(first: 1) { client { companyName } } } } } } } } }`;
    const answer = await gql(claims, deep);

    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].extensions.code).toBe('query_too_deep');
    expect(answer.body.errors[0].message).toContain('9 levels');

    const allowed = await gql(
      claims,
      `{ claims(first: 1) { edges { node { client { recentClaims(first: 1) { client { recentClaims(first: 1) { claimNumber } } } } } } } }`,
    );
    expect(allowed.body.errors).toBeUndefined();
    expect(allowed.body.data.claims.edges[0].node.client.recentClaims[0].client.recentClaims[0].claimNumber).toBe(claimNumber);
  });

  it('counts depth through fragments', async () => {
    const query = `
      fragment Deep on Client { recentClaims(first: 1) { client { recentClaims(first: 1) { client { companyName } } } } }
      { claims(first: 1) { edges { node { client { ...Deep } } } } }`;
    const answer = await gql(claims, query);

    expect(answer.body.errors[0].extensions.code).toBe('query_too_deep');
  });

  it('refuses a page larger than 100 and a page size below 1', async () => {
    const tooLarge = await gql(claims, '{ claims(first: 101) { totalCount } }');
    expect(tooLarge.body.data).toBeNull();
    expect(tooLarge.body.errors[0].extensions.code).toBe('validation_error');
    expect(tooLarge.body.errors[0].message).toContain('between 1 and 100');

    const zero = await gql(claims, 'query Page($n: Int) { claims(first: $n) { totalCount } }', { variables: { n: 0 } });
    expect(zero.body.errors[0].extensions.code).toBe('validation_error');

    const largest = await gql(claims, '{ claims(first: 100) { totalCount } }');
    expect(largest.body).toEqual({ data: { claims: { totalCount: 1 } } });
  });

  it('refuses first with last, last outside 1..100 and a malformed before cursor, with no data', async () => {
    const refusals: [string, Record<string, unknown> | undefined, string][] = [
      ['{ claims(first: 5, last: 5) { totalCount } }', undefined, 'Pass first or last, not both.'],
      ['query Page($n: Int) { claims(last: $n) { totalCount } }', { n: 0 }, 'last must be between 1 and 100.'],
      ['{ claims(last: 101) { totalCount } }', undefined, 'last must be between 1 and 100.'],
      ['{ claims(last: 5, before: "bm90LWEtY3Vyc29y") { totalCount } }', undefined, 'before is not a cursor this service issued.'],
      ['{ claims(before: "bm90LWEtY3Vyc29y") { totalCount } }', undefined, 'before is not a cursor this service issued.'],
    ];
    for (const [query, variables, message] of refusals) {
      const answer = await gql(claims, query, { variables });

      expect(answer.body.data).toBeNull();
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0].extensions).toEqual({ code: 'validation_error' });
      expect(answer.body.errors[0].message).toBe(message);
    }

    const largest = await gql(claims, '{ claims(last: 100) { totalCount nodes { claimNumber } } }');
    expect(largest.body).toEqual({ data: { claims: { totalCount: 1, nodes: [{ claimNumber }] } } });
  });

  it('refuses a query whose estimated cost is over the ceiling, with the estimate, and reads nothing', async () => {
    // 100 claims x 25 client claims x their documents: far more rows than one report should touch.
    const costly = `{ claims(first: 100) { edges { node { client { recentClaims(first: 25) { documents { originalName } notes { content } } } } } } }`;
    const answer = await gql(claims, costly);

    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors[0].extensions.code).toBe('query_too_costly');
    expect(answer.body.errors[0].extensions.cost).toBeGreaterThan(answer.body.errors[0].extensions.maxCost);
  });

  it('weighs a page asked with last as the same page asked with first', async () => {
    const nested = '{ edges { node { client { recentClaims(first: 25) { documents { originalName } notes { content } } } } } }';
    const byFirst = await gql(claims, `{ claims(first: 100) ${nested} }`);
    const byLast = await gql(claims, `{ claims(last: 100) ${nested} }`);

    expect(byLast.status).toBe(400);
    expect(byLast.body.data).toBeUndefined();
    expect(byLast.body.errors[0].extensions.code).toBe('query_too_costly');
    expect(byLast.body.errors[0].extensions.cost).toBe(byFirst.body.errors[0].extensions.cost);

    const query = `query Costly($page: Int, $perClient: Int) {
      claims(last: $page) { edges { node { client { recentClaims(first: $perClient) { documents { id } notes { id } auditTrail { id } } } } } }
    }`;
    const small = await gql(claims, query, { variables: { page: 2, perClient: 2 } });
    expect(small.body.errors).toBeUndefined();
    const large = await gql(claims, query, { variables: { page: 100, perClient: 25 } });
    expect(large.body.errors[0].extensions.code).toBe('query_too_costly');
  });

  it('takes page sizes from variables when estimating', async () => {
    const query = `query Costly($page: Int, $perClient: Int) {
      claims(first: $page) { edges { node { client { recentClaims(first: $perClient) { documents { id } notes { id } auditTrail { id } } } } } }
    }`;
    const small = await gql(claims, query, { variables: { page: 2, perClient: 2 } });
    expect(small.body.errors).toBeUndefined();

    const large = await gql(claims, query, { variables: { page: 100, perClient: 25 } });
    expect(large.body.errors[0].extensions.code).toBe('query_too_costly');
  });

  it('allows a full 100-claim page with its documents, notes and trail', async () => {
    const answer = await gql(
      claims,
      `{ claims(first: 100) { totalCount edges { cursor node { claimNumber client { companyName } debtor { name } documents { id } notes { id } auditTrail { action } } } } }`,
    );

    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.claims.totalCount).toBe(1);
  });
});

describe('endpoint', () => {
  it('serves no GraphiQL page outside development', async () => {
    const response = await fetch(`${claims.url}/graphql`, { headers: { Accept: 'text/html' } });
    const text = await response.text();

    expect(text.toLowerCase()).not.toContain('graphiql');
  });

  it('serves GraphiQL in development', async () => {
    const development = await startTestClaims({ NODE_ENV: 'development' });
    try {
      const response = await fetch(`${development.url}/graphql`, { headers: { Accept: 'text/html' } });

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect((await response.text()).toLowerCase()).toContain('graphiql');
    } finally {
      await development.close();
    }
  });

  it('accepts no mutations or subscriptions: 400 before anything runs, as on the transport facade', async () => {
    for (const query of ['mutation { anything }', 'subscription { claims { totalCount } }']) {
      const answer = await gql(claims, query);

      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0].extensions.code).toBe('validation_error');
      expect(answer.body.errors[0].message).toMatch(/read-only: it runs no (mutation|subscription) operations/);
    }
  });

  it('answers 400 to a malformed query, an unknown field, a body that is not JSON and a request without a query', async () => {
    const malformed = await gql(claims, '{ claims { totalCount } ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toBeUndefined();
    expect(malformed.body.errors[0].message).toMatch(/Syntax Error/);

    const unknownField = await gql(claims, '{ claimz { totalCount } }');
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');

    const notJson = await fetch(`${claims.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Staff-Key': claims.staffKey },
      body: '{"query": ',
    });
    expect(notJson.status).toBe(400);

    const empty = await gql(claims, '');
    expect(empty.status).toBe(400);
  });

  it('refuses a request body over 64 KiB', async () => {
    const response = await fetch(`${claims.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Staff-Key': claims.staffKey },
      body: JSON.stringify({ query: `{ claims { totalCount } } # ${'x'.repeat(70 * 1024)}` }),
    });

    expect(response.status).toBe(413);
  });
});

describe('committed schema', () => {
  it('apps/api/schema.graphql is the schema the code builds (npm run graphql:schema -w @switchyard/api rewrites it)', () => {
    const committed = readFileSync(new URL('../../apps/api/schema.graphql', import.meta.url), 'utf8');

    expect(committed).toBe(printSortedSchema(claimsGraphqlSchema));
  });
});
