import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { gql, insertClaims } from './graphql-support.ts';

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
    expect(new Set(answer.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code))).toEqual(
      new Set(['validation_error']),
    );
    expect(answer.body.errors[0].message).toBe('Date must be a real calendar date written YYYY-MM-DD.');
  });

  it('as a variable is refused the same way', async () => {
    const answer = await gql(claims, 'query ($from: Date) { recoveryByTier(createdFrom: $from) { tier } }', {
      variables: { from: '0000-06-30' },
    });

    expect(answer.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual(['validation_error']);
  });

  it('year 0001 is taken', async () => {
    const answer = await gql(claims, '{ claims(filter: { createdFrom: "0001-01-01", createdTo: "2999-12-31" }) { totalCount } }');

    expect(answer.body).toEqual({ data: { claims: { totalCount: 0 } } });
  });
});

describe('the last storable day, 9999-12-31', () => {
  it('as createdTo bounds the range without passing into year 10000', async () => {
    const seeded = await insertClaims(claims, [
      {
        claimNumber: 'DATES-LAST-1',
        createdAt: new Date('2025-03-04T10:00:00Z'),
        status: 'NEW',
        tier: 'TIER_1',
        amountCents: 1000,
        company: 'Dates Ltd',
        debtor: 'Late Payer',
      },
    ]);
    const [everything, upToTheEnd, tiers] = await Promise.all([
      gql(claims, '{ claims { totalCount } }'),
      gql(claims, '{ claims(filter: { createdFrom: "0001-01-01", createdTo: "9999-12-31" }) { totalCount } }'),
      gql(claims, '{ recoveryByTier(createdTo: "9999-12-31") { tier figures { claimCount } } }'),
    ]);

    expect(seeded).toHaveLength(1);
    expect(upToTheEnd.body.errors).toBeUndefined();
    expect(upToTheEnd.body.data.claims.totalCount).toBeGreaterThan(0);
    expect(upToTheEnd.body.data.claims.totalCount).toBe(everything.body.data.claims.totalCount);
    expect(tiers.body.errors).toBeUndefined();
    const counted = tiers.body.data.recoveryByTier.reduce(
      (sum: number, row: { figures: { claimCount: number } }) => sum + row.figures.claimCount,
      0,
    );
    expect(counted).toBe(everything.body.data.claims.totalCount);
  });

  it('ends the month series at 9999-12', async () => {
    const answer = await gql(
      claims,
      '{ recoveryByIntakeMonth(fromMonth: "9999-11", toMonth: "9999-12") { month figures { claimCount } } }',
    );

    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.recoveryByIntakeMonth).toEqual([
      { month: '9999-11', figures: { claimCount: 0 } },
      { month: '9999-12', figures: { claimCount: 0 } },
    ]);
  });
});

describe('month arguments', () => {
  it.each([
    ['fromMonth: "0000-01"', 'fromMonth'],
    ['fromMonth: "0000-01", toMonth: "0001-12"', 'fromMonth'],
    ['fromMonth: "2025-01", toMonth: "10000-01"', 'toMonth'],
    ['toMonth: "2025-13"', 'toMonth'],
  ])('(%s) outside 0001-01..9999-12 is a validation error naming %s', async (args, name) => {
    const answer = await gql(claims, `{ recoveryByIntakeMonth(${args}) { month } }`);

    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual(['validation_error']);
    expect(answer.body.errors[0].message).toBe(`${name} must be a month from 0001-01 to 9999-12 written YYYY-MM.`);
  });

  it('years below 100 stay themselves instead of becoming 19xx', async () => {
    const answer = await gql(claims, '{ recoveryByIntakeMonth(fromMonth: "0099-11", toMonth: "0100-02") { month } }');

    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.recoveryByIntakeMonth.map((row: { month: string }) => row.month)).toEqual([
      '0099-11',
      '0099-12',
      '0100-01',
      '0100-02',
    ]);
  });

  it('the default twelve months stop at 0001-01', async () => {
    const answer = await gql(claims, '{ recoveryByIntakeMonth(toMonth: "0001-03") { month } }');

    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.recoveryByIntakeMonth.map((row: { month: string }) => row.month)).toEqual(['0001-01', '0001-02', '0001-03']);
  });
});
