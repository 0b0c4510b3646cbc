/** The billing constants of the transport service, in integer cents. */

export const TRANSPORT_NEEDS = ['morning', 'afternoon', 'both'] as const;
export type TransportNeed = (typeof TRANSPORT_NEEDS)[number];

export const TRIP_TYPES = ['one_way', 'two_way'] as const;
export type TripType = (typeof TRIP_TYPES)[number];

export const WEEKLY_RATE_CENTS: Record<TripType, number> = { one_way: 12_000, two_way: 17_500 };
export const REGISTRATION_FEE_CENTS = 5_000;
export const BILLING_CYCLE = 'weekly';

/** A child riding one leg of the day travels one way; both legs make a two-way trip. */
export const tripTypeFor = (need: TransportNeed): TripType => (need === 'both' ? 'two_way' : 'one_way');

export const weeklyRateFor = (need: TransportNeed): number => WEEKLY_RATE_CENTS[tripTypeFor(need)];

/** JSON shows money as a number of currency units (175 -> 175.0 style); storage stays in cents. */
export const centsToAmount = (cents: number): number => cents / 100;

/** Currency units with at most two decimals to cents, without binary-float drift (19.99 -> 1999). */
export const amountToCents = (amount: number): number => Math.round(amount * 100);
