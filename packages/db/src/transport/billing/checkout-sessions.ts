import type { SqlEntityManager } from '@mikro-orm/sql';
import type { CheckoutStatus } from '@switchyard/domain/transport/billing/checkout-decision';
import { db } from '../../kysely.ts';

/** A checkout made for an invoice: what the provider calls it, what it was for and whether it is still open. */
export type CheckoutSessionRow = {
  id: string;
  invoice_id: string;
  provider: string;
  provider_ref: string | null;
  link_id: string | null;
  url: string;
  amount_cents: number;
  status: CheckoutStatus;
  closed_at: unknown;
  created_at: unknown;
};

const COLUMNS = [
  'id',
  'invoice_id',
  'provider',
  'provider_ref',
  'link_id',
  'url',
  'amount_cents',
  'status',
  'closed_at',
  'created_at',
] as const;

/**
 * Closes the invoice's open checkouts (all but the one named by `completedRef`, which is marked
 * completed) and answers those to expire at the provider. Run inside the transaction that changed
 * the invoice, so a checkout is closed exactly when the balance it was made for stops being true.
 */
export const closeOpenCheckouts = async (
  tx: SqlEntityManager,
  input: { invoiceId: string; at: Date; completedRef?: { provider: string; ref: string | null } },
): Promise<CheckoutSessionRow[]> => {
  const completed = input.completedRef;
  if (completed?.ref) {
    await db(tx)
      .updateTable('transport_checkout_session')
      .set({ status: 'completed', closed_at: input.at })
      .where('invoice_id', '=', input.invoiceId)
      .where('provider', '=', completed.provider)
      .where('provider_ref', '=', completed.ref)
      .execute();
  }

  return db(tx)
    .updateTable('transport_checkout_session')
    .set({ status: 'expired', closed_at: input.at })
    .where('invoice_id', '=', input.invoiceId)
    .where('status', '=', 'open')
    .returning(COLUMNS)
    .execute();
};

/** Every checkout made for the invoice, oldest first. */
export const listCheckoutSessions = (em: SqlEntityManager, invoiceId: string): Promise<CheckoutSessionRow[]> =>
  db(em)
    .selectFrom('transport_checkout_session')
    .select(COLUMNS)
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The invoice a provider's checkout id belongs to, when a checkout of ours carries it. */
export const invoiceOfCheckout = async (em: SqlEntityManager, provider: string, ref: string): Promise<string | null> =>
  (
    await db(em)
      .selectFrom('transport_checkout_session')
      .select('invoice_id')
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .executeTakeFirst()
  )?.invoice_id ?? null;
