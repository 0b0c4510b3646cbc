import { amountToCents } from './rates.ts';

/**
 * How one household's weekly total is shared among its payers. Pure, in integer cents, so the
 * invariant that matters (the shares add up to the total, none negative) is tested in isolation.
 */

export const SPLIT_TYPES = ['fixed', 'percentage', 'per_child'] as const;
export type SplitType = (typeof SPLIT_TYPES)[number];

export type SplitChild = { id: string; rateCents: number };

export type SplitAllocation = {
  payerId: string;
  childId: string;
  splitType: SplitType;
  /** fixed: currency amount (e.g. 50.25); percentage: 0..100 of the child's rate; per_child: ignored. */
  value: number;
};

export type PayerShare = { payerId: string; amountCents: number };

export type SplitInput = {
  /** The household's active children; allocations for anyone else are ignored. */
  children: readonly SplitChild[];
  /** In the order they were made: within one kind, earlier allocations are served first. */
  allocations: readonly SplitAllocation[];
  /** Every payer of the household, in the order the shares are reported. */
  payerIds: readonly string[];
  primaryPayerId: string;
};

export const weeklyTotalCents = (children: readonly SplitChild[]): number => children.reduce((sum, child) => sum + child.rateCents, 0);

/** Percentages are honoured to 1/100 of a percent; the share is rounded down to the cent. */
const percentageOf = (rateCents: number, percent: number): number => {
  const basisPoints = Math.round(Math.min(Math.max(percent, 0), 100) * 100);

  return Math.floor((rateCents * basisPoints) / 10_000);
};

const ORDER: Record<SplitType, number> = { fixed: 0, percentage: 1, per_child: 2 };

export const splitHousehold = (input: SplitInput): PayerShare[] => {
  const shares = new Map<string, number>(input.payerIds.map((id) => [id, 0]));
  shares.set(input.primaryPayerId, shares.get(input.primaryPayerId) ?? 0);
  const add = (payerId: string, cents: number) => shares.set(payerId, (shares.get(payerId) ?? 0) + cents);
  const known = new Set(shares.keys());

  for (const child of input.children) {
    let left = Math.max(child.rateCents, 0);
    const own = input.allocations
      .map((allocation, index) => ({ allocation, index }))
      .filter(({ allocation }) => allocation.childId === child.id && known.has(allocation.payerId))
      // A stable sort keeps the order allocations were made within each kind.
      .sort((a, b) => ORDER[a.allocation.splitType] - ORDER[b.allocation.splitType] || a.index - b.index);
    for (const { allocation } of own) {
      if (left === 0) {
        break;
      }
      let wanted: number;
      if (allocation.splitType === 'fixed') {
        wanted = Math.max(amountToCents(allocation.value), 0);
      } else if (allocation.splitType === 'percentage') {
        wanted = percentageOf(child.rateCents, allocation.value);
      } else {
        wanted = left;
      }
      const taken = Math.min(wanted, left);
      add(allocation.payerId, taken);
      left -= taken;
    }
    add(input.primaryPayerId, left);
  }

  return [...shares.entries()].map(([payerId, amountCents]) => ({ payerId, amountCents }));
};
