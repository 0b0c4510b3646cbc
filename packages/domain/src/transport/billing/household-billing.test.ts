import { describe, expect, it } from 'vitest';
import { householdShares, householdWeeklyTotalCents, type BilledHousehold } from './household-billing.ts';

const household = (overrides: Partial<BilledHousehold> = {}): BilledHousehold => ({
  children: [
    { id: 'c1', rateCents: 5_000, active: true },
    { id: 'c2', rateCents: 3_000, active: true },
    { id: 'c3', rateCents: 9_000, active: false },
  ],
  payers: [
    { id: 'p1', isPrimary: true },
    { id: 'p2', isPrimary: false },
  ],
  allocations: [{ payerId: 'p2', childId: 'c2', splitType: 'per_child', value: 0 }],
  ...overrides,
});

describe('householdWeeklyTotalCents', () => {
  it('adds the rates of the active children only', () => {
    expect(householdWeeklyTotalCents(household())).toBe(8_000);
  });
});

describe('householdShares', () => {
  it('gives the primary payer what the allocations leave, and the shares add up to the total', () => {
    const shares = householdShares(household());
    expect(shares).toEqual([
      { payerId: 'p1', amountCents: 5_000 },
      { payerId: 'p2', amountCents: 3_000 },
    ]);
    expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(householdWeeklyTotalCents(household()));
  });

  it('ignores an allocation for an inactive child', () => {
    const shares = householdShares(household({ allocations: [{ payerId: 'p2', childId: 'c3', splitType: 'per_child', value: 0 }] }));
    expect(shares).toEqual([
      { payerId: 'p1', amountCents: 8_000 },
      { payerId: 'p2', amountCents: 0 },
    ]);
  });

  it('shares nothing out without a primary payer to take the rest', () => {
    expect(householdShares(household({ payers: [{ id: 'p2', isPrimary: false }] }))).toEqual([]);
  });
});
