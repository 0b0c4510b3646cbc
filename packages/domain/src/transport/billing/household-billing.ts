import { splitHousehold, weeklyTotalCents, type PayerShare, type SplitType } from './billing-split.ts';

/** What billing needs of one household, whatever reads it. */
export type BilledHousehold = {
  children: readonly { id: string; rateCents: number; active: boolean }[];
  /** In the order shares are reported (the primary payer first). */
  payers: readonly { id: string; isPrimary: boolean }[];
  /** In the order they were made. */
  allocations: readonly { payerId: string; childId: string; splitType: SplitType; value: number }[];
};

/** Only the active children ride, so only they are billed. */
const ridingChildren = (household: BilledHousehold) =>
  household.children.filter((child) => child.active).map((child) => ({ id: child.id, rateCents: child.rateCents }));

export const householdWeeklyTotalCents = (household: BilledHousehold): number => weeklyTotalCents(ridingChildren(household));

/** Each payer's share of the weekly total; empty when the household has no primary payer to take the rest. */
export const householdShares = (household: BilledHousehold): PayerShare[] => {
  const primary = household.payers.find((payer) => payer.isPrimary);
  if (!primary) {
    return [];
  }

  return splitHousehold({
    children: ridingChildren(household),
    allocations: household.allocations,
    payerIds: household.payers.map((payer) => payer.id),
    primaryPayerId: primary.id,
  });
};
