import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { balanceCents, type CheckoutStatus } from '@switchyard/domain/transport/billing/checkout-decision';
import { db } from '../../kysely.ts';
import { closeOpenCheckouts, type CheckoutSessionRow } from './checkout-sessions.ts';
import { INVOICE_COLUMNS, type InvoiceRow } from './rows.ts';

/** The invoice's pay-page token, made the first time it is asked for and kept after. */
export const ensurePayToken = async (em: SqlEntityManager, invoiceId: string): Promise<string> => {
  const fresh = randomBytes(24).toString('base64url');
  const row = await db(em)
    .updateTable('transport_invoice')
    .set((eb) => ({ pay_token: eb.fn.coalesce('pay_token', eb.val(fresh)) }))
    .where('id', '=', invoiceId)
    .returning('pay_token')
    .executeTakeFirst();

  return row?.pay_token ?? fresh;
};

export type PayPageInvoice = InvoiceRow & { tenant_id: string; tenant_name: string };

export type PayPage = {
  invoice: PayPageInvoice;
  /** The newest open checkout, if any. */
  open: CheckoutSessionRow | null;
  /** The checkout the payer came back from, when named and of this invoice. */
  returnedFrom: CheckoutSessionRow | null;
  paymentCount: number;
};

const SESSION_COLUMNS = [
  's.id',
  's.invoice_id',
  's.provider',
  's.provider_ref',
  's.link_id',
  's.url',
  's.amount_cents',
  's.status',
  's.closed_at',
  's.created_at',
] as const;

/** What the pay page of `token` shows; null for a token no invoice has. */
export const readPayPage = async (em: SqlEntityManager, token: string, returnedFrom: string | null): Promise<PayPage | null> => {
  const invoice = await db(em)
    .selectFrom('transport_invoice as i')
    .innerJoin('transport_tenant as t', 't.id', 'i.tenant_id')
    .select([...INVOICE_COLUMNS, 'i.tenant_id', 't.name as tenant_name'])
    .where('i.pay_token', '=', token)
    .executeTakeFirst();
  if (!invoice) {
    return null;
  }
  const sessions = db(em).selectFrom('transport_checkout_session as s').select(SESSION_COLUMNS).where('s.invoice_id', '=', invoice.id);
  const open = await sessions
    .where('s.status', '=', 'open')
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const back = returnedFrom ? await sessions.where('s.id', '=', returnedFrom).executeTakeFirst() : undefined;
  const count = await db(em)
    .selectFrom('transport_payment')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('invoice_id', '=', invoice.id)
    .executeTakeFirst();

  return { invoice, open: open ?? null, returnedFrom: back ?? null, paymentCount: Number(count?.n ?? 0) };
};

/**
 * Keeps a checkout just made for `balanceCents` as the invoice's open one and closes the others,
 * the invoice locked so a payment recorded meanwhile is seen: when the balance is no longer what
 * the checkout was made for, the new checkout is kept closed (`stale`) and answered for expiry too.
 */
export const keepNewCheckout = (
  em: SqlEntityManager,
  input: {
    id: string;
    invoiceId: string;
    provider: string;
    providerRef: string | null;
    linkId: string | null;
    url: string;
    balanceCents: number;
    at: Date;
  },
): Promise<{ stale: boolean; expired: CheckoutSessionRow[] }> =>
  em.fork().transactional(async (tx) => {
    const invoice = await db(tx)
      .selectFrom('transport_invoice')
      .select(['tenant_id', 'status', 'amount_cents', 'amount_paid_cents'])
      .where('id', '=', input.invoiceId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const expired = await closeOpenCheckouts(tx, { invoiceId: input.invoiceId, at: input.at });
    const stale =
      invoice.status === 'void' ||
      balanceCents({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents }) !==
        input.balanceCents;
    const status: CheckoutStatus = stale ? 'expired' : 'open';
    const row = {
      id: input.id,
      tenant_id: invoice.tenant_id,
      invoice_id: input.invoiceId,
      provider: input.provider,
      provider_ref: input.providerRef,
      link_id: input.linkId,
      url: input.url,
      amount_cents: input.balanceCents,
      status,
      closed_at: stale ? input.at : null,
      created_at: input.at,
    };
    await db(tx).insertInto('transport_checkout_session').values(row).execute();
    // The invoice's link is its pay page; provider and checkout id name the newest checkout.
    await db(tx)
      .updateTable('transport_invoice')
      .set({ provider: input.provider, provider_ref: input.providerRef })
      .where('id', '=', input.invoiceId)
      .execute();

    return { stale, expired: stale ? [...expired, { ...row, closed_at: input.at }] : expired };
  });
