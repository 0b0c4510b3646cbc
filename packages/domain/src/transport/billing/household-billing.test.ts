import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { householdShares, householdSharesForDays, householdWeeklyTotalCents, type BilledHousehold } from './household-billing.ts';
import { proRataCents } from './service-week.ts';

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

describe('householdSharesForDays', () => {
  it('is the weekly split for a full week, and 3/5 of it for three school days', () => {
    expect(householdSharesForDays(household(), 5)).toEqual(householdShares(household()));
    expect(householdSharesForDays(household(), 3)).toEqual([
      { payerId: 'p1', amountCents: 3_000 },
      { payerId: 'p2', amountCents: 1_800 },
    ]);
  });

  it('always adds up to the prorated total, none negative, none above its weekly share but for rounding cents', () => {
    const cents = fc.integer({ min: 0, max: 500_000 });
    const allocation = fc.record({
      payerId: fc.constantFrom('p1', 'p2', 'p3'),
      childId: fc.constantFrom('c1', 'c2'),
      splitType: fc.constantFrom('fixed' as const, 'percentage' as const, 'per_child' as const),
      value: fc.integer({ min: 0, max: 10_000 }).map((value) => value / 100),
    });
    fc.assert(
      fc.property(
        cents,
        cents,
        fc.array(allocation, { maxLength: 5 }),
        fc.integer({ min: 0, max: 5 }),
        (rate1, rate2, allocations, days) => {
          const subject = household({
            children: [
              { id: 'c1', rateCents: rate1, active: true },
              { id: 'c2', rateCents: rate2, active: true },
            ],
            payers: [
              { id: 'p1', isPrimary: true },
              { id: 'p2', isPrimary: false },
              { id: 'p3', isPrimary: false },
            ],
            allocations,
          });
          const shares = householdSharesForDays(subject, days);
          const total = proRataCents(householdWeeklyTotalCents(subject), days);
          expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(total);
          const weekly = new Map(householdShares(subject).map((share) => [share.payerId, share.amountCents]));
          for (const share of shares) {
            expect(share.amountCents).toBeGreaterThanOrEqual(0);
            expect(share.amountCents).toBeLessThanOrEqual((weekly.get(share.payerId) ?? 0) + shares.length);
          }
        },
      ),
    );
  });
});
