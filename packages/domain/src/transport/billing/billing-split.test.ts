import { describe, expect, it } from 'vitest';
import { splitHousehold, weeklyTotalCents, type SplitAllocation, type SplitChild, type SplitType } from './billing-split.ts';

const children: SplitChild[] = [
  { id: 'c1', rateCents: 17_500 },
  { id: 'c2', rateCents: 12_000 },
];
const payers = ['primary', 'p2', 'p3'];
const split = (allocations: SplitAllocation[], kids: SplitChild[] = children) =>
  Object.fromEntries(
    splitHousehold({ children: kids, allocations, payerIds: payers, primaryPayerId: 'primary' }).map((s) => [s.payerId, s.amountCents]),
  );

describe('weeklyTotalCents', () => {
  it('adds the rates of the children it is given', () => {
    expect(weeklyTotalCents(children)).toBe(29_500);
    expect(weeklyTotalCents([])).toBe(0);
  });
});

describe('splitHousehold', () => {
  it('gives everything to the primary payer when there are no allocations, listing every payer', () => {
    expect(split([])).toEqual({ primary: 29_500, p2: 0, p3: 0 });
  });

  it('takes a fixed amount in currency units from the child and leaves the rest to the primary payer', () => {
    expect(split([{ payerId: 'p2', childId: 'c1', splitType: 'fixed', value: 50.25 }])).toEqual({ primary: 24_475, p2: 5_025, p3: 0 });
  });

  it('caps a fixed amount at what is left of the child', () => {
    expect(
      split([
        { payerId: 'p2', childId: 'c2', splitType: 'fixed', value: 100 },
        { payerId: 'p3', childId: 'c2', splitType: 'fixed', value: 100 },
      ]),
    ).toEqual({ primary: 17_500, p2: 10_000, p3: 2_000 });
  });

  it('applies fixed before percentage regardless of the order they were made', () => {
    expect(
      split([
        { payerId: 'p3', childId: 'c2', splitType: 'percentage', value: 100 },
        { payerId: 'p2', childId: 'c2', splitType: 'fixed', value: 20 },
      ]),
    ).toEqual({ primary: 17_500, p2: 2_000, p3: 10_000 });
  });

  it('rounds a percentage down to the cent; the leftover cent goes to the primary payer', () => {
    // 33.33 % of 175.00 = 58.3275 -> 58.32
    expect(split([{ payerId: 'p2', childId: 'c1', splitType: 'percentage', value: 33.33 }], [children[0] as SplitChild])).toEqual({
      primary: 11_668,
      p2: 5_832,
      p3: 0,
    });
    expect(split([{ payerId: 'p2', childId: 'c2', splitType: 'percentage', value: 50 }])).toEqual({ primary: 23_500, p2: 6_000, p3: 0 });
  });

  it('lets a per_child payer take what fixed and percentage left of that child only', () => {
    expect(
      split([
        { payerId: 'p3', childId: 'c1', splitType: 'per_child', value: 0 },
        { payerId: 'p2', childId: 'c1', splitType: 'fixed', value: 25 },
      ]),
    ).toEqual({ primary: 12_000, p2: 2_500, p3: 15_000 });
  });

  it('gives a second per_child payer of the same child nothing', () => {
    expect(
      split([
        { payerId: 'p2', childId: 'c2', splitType: 'per_child', value: 0 },
        { payerId: 'p3', childId: 'c2', splitType: 'per_child', value: 0 },
      ]),
    ).toEqual({ primary: 17_500, p2: 12_000, p3: 0 });
  });

  it('ignores allocations for children not given (inactive) and for unknown payers', () => {
    expect(
      split([
        { payerId: 'p2', childId: 'gone', splitType: 'per_child', value: 0 },
        { payerId: 'stranger', childId: 'c1', splitType: 'per_child', value: 0 },
      ]),
    ).toEqual({ primary: 29_500, p2: 0, p3: 0 });
  });

  it('treats out-of-range values as their nearest sensible bound', () => {
    expect(
      split([
        { payerId: 'p2', childId: 'c1', splitType: 'percentage', value: 250 },
        { payerId: 'p3', childId: 'c2', splitType: 'fixed', value: -40 },
      ]),
    ).toEqual({ primary: 12_000, p2: 17_500, p3: 0 });
  });

  it('reports the primary payer even when it is missing from the payer list', () => {
    const shares = splitHousehold({ children, allocations: [], payerIds: ['p2'], primaryPayerId: 'primary' });
    expect(shares).toEqual([
      { payerId: 'p2', amountCents: 0 },
      { payerId: 'primary', amountCents: 29_500 },
    ]);
  });
});

/** A small deterministic generator, so a failing household can be reproduced from its seed. */
const random = (seed: number) => {
  let state = seed >>> 0;

  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);

    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

describe('splitHousehold on many random households', () => {
  const kinds: SplitType[] = ['fixed', 'percentage', 'per_child'];

  it('always adds up to the weekly total exactly, with no negative share and one share per payer', () => {
    for (let seed = 1; seed <= 3_000; seed += 1) {
      const next = random(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
      const kids: SplitChild[] = Array.from({ length: Math.floor(next() * 6) }, (_, i) => ({
        id: `c${i}`,
        rateCents: pick([12_000, 17_500, Math.floor(next() * 50_000)]),
      }));
      const payerIds = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => `p${i}`);
      const allocations: SplitAllocation[] = Array.from({ length: Math.floor(next() * 8) }, () => {
        const splitType = pick(kinds);
        const value =
          splitType === 'fixed' ? Math.round(next() * 30_000) / 100 : splitType === 'percentage' ? Math.round(next() * 10_000) / 100 : 0;

        return { payerId: pick(payerIds), childId: kids.length > 0 && next() < 0.9 ? pick(kids).id : 'none', splitType, value };
      });
      const shares = splitHousehold({ children: kids, allocations, payerIds, primaryPayerId: 'p0' });
      const context = `seed ${seed}`;
      expect(
        shares.reduce((sum, share) => sum + share.amountCents, 0),
        context,
      ).toBe(weeklyTotalCents(kids));
      expect(
        shares.every((share) => Number.isInteger(share.amountCents) && share.amountCents >= 0),
        context,
      ).toBe(true);
      expect(
        shares.map((share) => share.payerId),
        context,
      ).toEqual(payerIds);
    }
  });

  it('never charges a non-primary payer more than the rates of the children they are allocated to', () => {
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const next = random(seed * 7919);
      const kids: SplitChild[] = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => ({ id: `c${i}`, rateCents: 17_500 }));
      const allocations: SplitAllocation[] = kids.map((kid) => ({
        payerId: 'p1',
        childId: kid.id,
        splitType: kinds[Math.floor(next() * 3)] as SplitType,
        value: Math.round(next() * 40_000) / 100,
      }));
      const shares = splitHousehold({ children: kids, allocations, payerIds: ['p0', 'p1'], primaryPayerId: 'p0' });
      const p1 = shares.find((share) => share.payerId === 'p1')?.amountCents ?? -1;
      expect(p1).toBeGreaterThanOrEqual(0);
      expect(p1).toBeLessThanOrEqual(weeklyTotalCents(kids));
    }
  });
});
