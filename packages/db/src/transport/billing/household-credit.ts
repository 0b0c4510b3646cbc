import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';

export type CreditKind = 'overpayment' | 'refund' | 'applied' | 'released';

export type CreditEntry = {
  householdId: string;
  tenantId: string;
  amountCents: number;
  kind: CreditKind;
  invoiceId: string | null;
  paymentId: string | null;
  note: string | null;
  at: Date;
  recordedBy: string;
};

/** One row of the household's credit ledger (positive adds credit, negative uses it). */
export const addCreditEntry = async (em: SqlEntityManager, entry: CreditEntry): Promise<string> => {
  const id = randomUUID();
  await db(em)
    .insertInto('transport_household_credit')
    .values({
      id,
      tenant_id: entry.tenantId,
      household_id: entry.householdId,
      amount_cents: entry.amountCents,
      kind: entry.kind,
      invoice_id: entry.invoiceId,
      payment_id: entry.paymentId,
      note: entry.note,
      occurred_at: entry.at,
      recorded_by: entry.recordedBy,
    })
    .execute();

  return id;
};

/** The household's credit balance in cents: the sum of its ledger. */
export const householdCreditCents = async (em: SqlEntityManager, tenantId: string, householdId: string): Promise<number> => {
  const row = await db(em)
    .selectFrom('transport_household_credit')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('cents'))
    .where('tenant_id', '=', tenantId)
    .where('household_id', '=', householdId)
    .executeTakeFirst();

  return Number(row?.cents ?? 0);
};
