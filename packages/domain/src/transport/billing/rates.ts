/**
 * The transport service's prices, in integer cents. The specification's numbers are the defaults
 * a new tenant starts with; each tenant sets its own (tenant-pricing.ts), and billing reads the
 * tenant's prices when it bills.
 */

export const TRANSPORT_NEEDS = ['morning', 'afternoon', 'both'] as const;
export type TransportNeed = (typeof TRANSPORT_NEEDS)[number];

export const TRIP_TYPES = ['one_way', 'two_way'] as const;
export type TripType = (typeof TRIP_TYPES)[number];

/** A new tenant's weekly rates and registration fee. */
export const WEEKLY_RATE_CENTS: Record<TripType, number> = { one_way: 12_000, two_way: 17_500 };
export const REGISTRATION_FEE_CENTS = 5_000;
export const DEFAULT_CURRENCY = 'USD';
export const BILLING_CYCLE = 'weekly';

/** One tenant's prices. */
export type TenantPricing = { weeklyRateCents: Record<TripType, number>; registrationFeeCents: number; currency: string };

export const DEFAULT_PRICING: TenantPricing = {
  weeklyRateCents: WEEKLY_RATE_CENTS,
  registrationFeeCents: REGISTRATION_FEE_CENTS,
  currency: DEFAULT_CURRENCY,
};

/** A child riding one leg of the day travels one way; both legs make a two-way trip. */
export const tripTypeFor = (need: TransportNeed): TripType => (need === 'both' ? 'two_way' : 'one_way');

export const weeklyRateFor = (need: TransportNeed, pricing: TenantPricing = DEFAULT_PRICING): number =>
  pricing.weeklyRateCents[tripTypeFor(need)];

/** A trip type as stored (`one_way`, `two_way`); anything else is billed as the one-way rate it most resembles. */
export const weeklyRateOfTrip = (tripType: string, pricing: TenantPricing): number =>
  pricing.weeklyRateCents[tripType === 'two_way' ? 'two_way' : 'one_way'];

/** JSON shows money as a number of currency units (175 -> 175.0 style); storage stays in cents. */
export const centsToAmount = (cents: number): number => cents / 100;

/** Currency units with at most two decimals to cents, without binary-float drift (19.99 -> 1999). */
export const amountToCents = (amount: number): number => Math.round(amount * 100);
