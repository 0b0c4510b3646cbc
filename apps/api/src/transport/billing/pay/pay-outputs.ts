import { z } from 'zod';

/** What the pay page shows: nothing of the household beyond what the mail it came from said. */
export const payPageOutput = z.object({
  operator: z.string(),
  description: z.string(),
  kind: z.string(),
  /** The week a transportation invoice bills (YYYY-MM-DD); null for a registration fee. */
  cycle_start: z.string().nullable(),
  cycle_end: z.string().nullable(),
  status: z.string(),
  /** ISO 4217: the currency the invoice was issued in. */
  currency: z.string(),
  amount: z.number(),
  amount_paid: z.number(),
  /** What is still owed now: what a checkout made now would be for. */
  balance: z.number(),
  provider: z.enum(['square', 'stripe', 'none']),
  /** Whether "Pay" makes a checkout now; when not, `reason` says why. */
  payable: z.boolean(),
  reason: z.enum(['paid', 'void', 'not_due', 'no_provider']).nullable(),
  /**
   * After coming back from a checkout (`?checkout=<id>`): `received` once the provider's notification
   * was recorded, `confirming` until then; null without `checkout`.
   */
  returned: z.enum(['received', 'confirming']).nullable(),
});

export const checkoutOutput = z.object({
  /** The provider's checkout page, for the balance at this moment. */
  checkout_url: z.string(),
  amount: z.number(),
});
