import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { householdShares, householdWeeklyTotalCents, type BilledHousehold } from './household-billing.ts';
import { allocationsForPayerSplit, payerSplitInput, type PayerSplit } from './payer-split.ts';

const children = [
  { id: 'c1', rateCents: 17_500 },
  { id: 'c2', rateCents: 12_000 },
];

const withSplit = (split: PayerSplit, rates = children): BilledHousehold => ({
  children: rates.map((child) => ({ ...child, active: true })),
  payers: [
    { id: 'p1', isPrimary: true },
    { id: 'p2', isPrimary: false },
  ],
  allocations: allocationsForPayerSplit(rates, split).map((allocation) => ({ payerId: 'p2', ...allocation })),
});

const shareOf = (household: BilledHousehold, payerId: string) =>
  householdShares(household).find((share) => share.payerId === payerId)?.amountCents;

describe('allocationsForPayerSplit', () => {
  it('gives a percentage payer that percentage of the week, the primary the rest', () => {
    expect(shareOf(withSplit({ splitType: 'percentage', value: 40 }), 'p2')).toBe(11_800);
    expect(shareOf(withSplit({ splitType: 'percentage', value: 40 }), 'p1')).toBe(17_700);
  });

  it('gives a fixed payer that amount a week across the children, never more than the week', () => {
    expect(allocationsForPayerSplit(children, { splitType: 'fixed', value: 200 })).toEqual([
      { childId: 'c1', splitType: 'fixed', value: 175 },
      { childId: 'c2', splitType: 'fixed', value: 25 },
    ]);
    expect(shareOf(withSplit({ splitType: 'fixed', value: 200 }), 'p2')).toBe(20_000);
    expect(shareOf(withSplit({ splitType: 'fixed', value: 1_000 }), 'p2')).toBe(29_500);
    expect(allocationsForPayerSplit(children, { splitType: 'fixed', value: 0 })).toEqual([]);
  });

  it('always makes shares that add up to the weekly total in cents, none negative', () => {
    const rates = fc
      .array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 5 })
      .map((list) => list.map((rateCents, index) => ({ id: `c${index}`, rateCents })));
    const split = fc.oneof(
      fc.integer({ min: 0, max: 10_000 }).map((basis): PayerSplit => ({ splitType: 'percentage', value: basis / 100 })),
      fc.integer({ min: 0, max: 10_000_000 }).map((cents): PayerSplit => ({ splitType: 'fixed', value: cents / 100 })),
    );
    fc.assert(
      fc.property(rates, split, (list, chosen) => {
        const household = withSplit(chosen, list);
        const shares = householdShares(household);
        expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(householdWeeklyTotalCents(household));
        expect(shares.every((share) => share.amountCents >= 0)).toBe(true);
        if (chosen.splitType === 'fixed') {
          expect(shareOf(household, 'p2')).toBe(Math.min(Math.round(chosen.value * 100), householdWeeklyTotalCents(household)));
        }
      }),
    );
  });
});

describe('payerSplitInput', () => {
  it('refuses a percentage over 100, a negative value and more than two decimals, naming value', () => {
    for (const bad of [
      { split_type: 'percentage', value: 100.5 },
      { split_type: 'fixed', value: -1 },
      { split_type: 'fixed', value: 10.005 },
    ]) {
      const parsed = payerSplitInput.safeParse({ household_id: 'h', payer_id: 'p', ...bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('value');
    }
    expect(payerSplitInput.safeParse({ household_id: 'h', payer_id: 'p', split_type: 'per_child', value: 1 }).success).toBe(false);
  });
});
