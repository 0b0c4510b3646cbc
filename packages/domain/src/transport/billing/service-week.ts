import { addDays, daysBetween, type BillingCycle } from './billing-cycle.ts';

/**
 * How much of one weekly cycle a household is served. No week is billed before service: a week
 * that ends before the first pickup bills nothing, the week of a first pickup after Monday bills
 * the school days (Monday to Friday) from that pickup on, pro rata, and every later week bills in
 * full. A household without a first pickup date was entered by staff as already riding and is
 * billed in full.
 */

export const SCHOOL_DAYS_PER_WEEK = 5;

export type WeekService =
  | { kind: 'none' }
  | { kind: 'full' }
  /** `schoolDays` of the week's five, from `from` (the first pickup) to Friday. */
  | { kind: 'partial'; schoolDays: number; from: string };

export const serviceInCycle = (firstPickupDate: string | null, cycle: BillingCycle): WeekService => {
  if (firstPickupDate === null || firstPickupDate <= cycle.cycleStart) {
    return { kind: 'full' };
  }
  if (firstPickupDate > cycle.cycleEnd) {
    return { kind: 'none' };
  }
  const friday = addDays(cycle.cycleStart, SCHOOL_DAYS_PER_WEEK - 1);
  const schoolDays = Math.max(daysBetween(firstPickupDate, friday) + 1, 0);
  // A first pickup on Saturday or Sunday leaves no school day of this week to bill.
  if (schoolDays === 0) {
    return { kind: 'none' };
  }

  return { kind: 'partial', schoolDays, from: firstPickupDate };
};

/**
 * A weekly rate for `schoolDays` of the five, rounded to the cent (half up). Never more than the
 * weekly rate and never negative, whatever the inputs.
 */
export const proRataCents = (weeklyCents: number, schoolDays: number): number => {
  const days = Math.min(Math.max(Math.trunc(schoolDays), 0), SCHOOL_DAYS_PER_WEEK);

  return Math.round((Math.max(weeklyCents, 0) * days) / SCHOOL_DAYS_PER_WEEK);
};

/** The school days a service bills (five for a full week, none when there is no service). */
export const billedSchoolDays = (service: WeekService): number =>
  service.kind === 'full' ? SCHOOL_DAYS_PER_WEEK : service.kind === 'partial' ? service.schoolDays : 0;
