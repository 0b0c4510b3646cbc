import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { gql } from './graphql-support.ts';

/** The shared `Date` scalar refuses what PostgreSQL cannot compare with, before any statement runs. */

let claims: TestClaims;

beforeAll(async () => {
  claims = await startTestClaims();
});

afterAll(async () => {
  await claims?.close();
});

describe('a Date argument in year 0000', () => {
  it.each([
    ['recoveryByTier', '{ recoveryByTier(createdFrom: "0000-01-01") { tier } }'],
    ['the claims filter', '{ claims(filter: { createdFrom: "0001-01-01", createdTo: "0000-12-31" }) { totalCount } }'],
    ['claimsByStatusOverTime', '{ claimsByStatusOverTime(from: "0000-01-01", to: "0000-02-01") { total } }'],
  ])('in %s is a validation error, not an internal one', async (_label, query) => {
    const answer = await gql(claims, query);

    expect(answer.body.data ?? null).toBeNull();
    expect(new Set(answer.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code))).toEqual(new Set(['validation_error']));
    expect(answer.body.errors[0].message).toBe('Date must be a real calendar date written YYYY-MM-DD.');
  });

  it('as a variable is refused the same way', async () => {
    const answer = await gql(claims, 'query ($from: Date) { recoveryByTier(createdFrom: $from) { tier } }', { variables: { from: '0000-06-30' } });

    expect(answer.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual(['validation_error']);
  });

  it('year 0001 is taken', async () => {
    const answer = await gql(claims, '{ claims(filter: { createdFrom: "0001-01-01", createdTo: "2999-12-31" }) { totalCount } }');

    expect(answer.body).toEqual({ data: { claims: { totalCount: 0 } } });
  });
});
