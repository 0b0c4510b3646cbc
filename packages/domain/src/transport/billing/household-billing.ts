import { splitHousehold, weeklyTotalCents, type PayerShare, type SplitType } from './billing-split.ts';
import { proRataCents, SCHOOL_DAYS_PER_WEEK } from './service-week.ts';

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

/**
 * Each payer's share of a week served `schoolDays` of five (service-week.ts). The household's
 * total is prorated to the cent; each other payer's weekly share is prorated rounding down, and the
 * primary payer takes the rest, so the shares still add up to the prorated total exactly and none
 * is negative. A full week (five days) is `householdShares` unchanged.
 */
export const householdSharesForDays = (household: BilledHousehold, schoolDays: number): PayerShare[] => {
  const weekly = householdShares(household);
  if (schoolDays >= SCHOOL_DAYS_PER_WEEK) {
    return weekly;
  }
  const primary = household.payers.find((payer) => payer.isPrimary);
  const total = proRataCents(householdWeeklyTotalCents(household), schoolDays);
  const days = Math.max(Math.trunc(schoolDays), 0);
  const others = weekly.map((share) =>
    share.payerId === primary?.id ? share : { ...share, amountCents: Math.floor((share.amountCents * days) / SCHOOL_DAYS_PER_WEEK) },
  );
  const othersTotal = others.reduce((sum, share) => (share.payerId === primary?.id ? sum : sum + share.amountCents), 0);

  return others.map((share) => (share.payerId === primary?.id ? { ...share, amountCents: total - othersTotal } : share));
};
