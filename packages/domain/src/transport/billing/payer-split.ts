import { z } from 'zod';
import { amountToCents } from './rates.ts';

/**
 * A payer's share of the whole household, as the household page sets it: a percentage of the
 * weekly total, or a fixed amount a week; the primary payer takes the rest. It is kept as the
 * per-child allocations billing already applies (billing-split.ts): a percentage becomes that
 * percentage of each riding child, a fixed amount fills the riding children in order, each up to
 * its rate. Prorated weeks prorate it like any share.
 */

export const PAYER_SPLIT_TYPES = ['percentage', 'fixed'] as const;
export type PayerSplitType = (typeof PAYER_SPLIT_TYPES)[number];
export type PayerSplit = { splitType: PayerSplitType; value: number };

const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const payerSplitInput = z
  .strictObject({
    household_id: z.string().trim().min(1).max(100),
    payer_id: z.string().trim().min(1).max(100),
    split_type: z.enum(PAYER_SPLIT_TYPES),
    value: z.number().finite().min(0, 'value must not be negative').max(100_000, 'value must be at most 100,000'),
  })
  .refine((input) => input.split_type !== 'percentage' || input.value <= 100, {
    message: 'a percentage is between 0 and 100',
    path: ['value'],
  })
  .refine((input) => hasAtMostTwoDecimals(input.value), { message: 'value must have at most two decimals', path: ['value'] });

export type SplitAllocationDraft = { childId: string; splitType: PayerSplitType; value: number };

export const allocationsForPayerSplit = (
  ridingChildren: readonly { id: string; rateCents: number }[],
  split: PayerSplit,
): SplitAllocationDraft[] => {
  if (split.splitType === 'percentage') {
    return split.value > 0 ? ridingChildren.map((child) => ({ childId: child.id, splitType: 'percentage', value: split.value })) : [];
  }
  let left = Math.max(amountToCents(split.value), 0);
  const allocations: SplitAllocationDraft[] = [];
  for (const child of ridingChildren) {
    if (left === 0) {
      break;
    }
    const taken = Math.min(left, Math.max(child.rateCents, 0));
    if (taken > 0) {
      allocations.push({ childId: child.id, splitType: 'fixed', value: taken / 100 });
    }
    left -= taken;
  }

  return allocations;
};
