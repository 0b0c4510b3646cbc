import { z } from 'zod';

/** The answers of the household-credit paths. */
export const creditEntryOutput = z.object({
  id: z.string(),
  /** Positive adds credit (an overpayment, credit given back by a voided invoice), negative uses it (applied to an invoice, refunded). */
  amount: z.number(),
  kind: z.string().pipe(z.enum(['overpayment', 'refund', 'applied', 'released'])),
  invoice_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  note: z.string().nullable(),
  occurred_at: z.string().nullable(),
  recorded_by: z.string(),
});

export const householdCreditOutput = z.object({
  household_id: z.string(),
  /** The household's credit now: applied to its next invoice, or refunded. */
  credit: z.number(),
  entries: z.array(creditEntryOutput),
});

export const tenantCreditsOutput = z.object({
  total_credit: z.number(),
  households: z.array(z.object({ household_id: z.string(), household_name: z.string(), credit: z.number() })),
});
