import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { NotNull } from 'kysely';
import type { BillingCycle } from '@switchyard/domain/transport/billing/billing-cycle';
import { db } from '../../kysely.ts';
import { unbillableHouseholdIds } from './billable-households.ts';
import { loadHouseholds, type HouseholdAggregate } from './households.ts';
import { applyHouseholdCredit } from './household-credit.ts';
import { INVOICE_COLUMNS, INVOICE_TABLE_COLUMNS, type InvoiceRow } from './rows.ts';

/** What one payer of one household is charged for a cycle; `schoolDays` when the week is billed pro rata. */
export type CycleCharge = { householdId: string; payerId: string; amountCents: number; schoolDays: number | null };

/**
 * One draft transportation invoice per charge, in one transaction with the read of the households
 * the caller's billing rules turn into charges (`chargesOf`). A payer already billed for the cycle
 * is left alone (the unique index decides under concurrency), so generating twice bills nobody
 * twice; only the invoices made by this call are returned.
 */
export const generateCycleInvoices = (
  em: SqlEntityManager,
  input: { tenantId: string; cycle: BillingCycle; householdIds?: readonly string[]; now: Date; provider: string; currency: string },
  chargesOf: (households: HouseholdAggregate[]) => CycleCharge[],
): Promise<InvoiceRow[]> =>
  em.fork().transactional(async (tx) => {
    const households = await loadHouseholds(tx, input.tenantId, input.householdIds ? { householdIds: input.householdIds } : {});
    const created: InvoiceRow[] = [];
    for (const charge of chargesOf(households)) {
      const row = await db(tx)
        .insertInto('transport_invoice')
        .values({
          id: randomUUID(),
          tenant_id: input.tenantId,
          household_id: charge.householdId,
          payer_id: charge.payerId,
          kind: 'transportation',
          status: 'draft',
          provider: input.provider,
          amount_cents: charge.amountCents,
          cycle_start: input.cycle.cycleStart,
          cycle_end: input.cycle.cycleEnd,
          created_at: input.now,
          currency: input.currency,
          school_days: charge.schoolDays,
        })
        .onConflict((conflict) => conflict.columns(['payer_id', 'cycle_start']).where('kind', '=', 'transportation').doNothing())
        .returning(INVOICE_TABLE_COLUMNS)
        .executeTakeFirst();
      if (row) {
        // Household credit (an earlier overpayment) pays what it can of the new invoice.
        created.push(await applyHouseholdCredit(tx, row, input.tenantId, input.now));
      }
    }

    return created;
  });

/** `billed`: the household has a transportation invoice that went out (anything but a draft or a void one). */
export type DueCandidate = { householdId: string; firstPickupDate: string; billed: boolean };

/** Billable households of the tenant with a first pickup date up to `latest` (YYYY-MM-DD). */
export const householdsWithPickupBy = async (em: SqlEntityManager, tenantId: string, latest: string): Promise<DueCandidate[]> => {
  const rows = await db(em)
    .selectFrom('transport_household as h')
    .select((eb) => [
      'h.id',
      'h.first_pickup_date',
      eb
        .exists(
          eb
            .selectFrom('transport_invoice as i')
            .select('i.id')
            .whereRef('i.household_id', '=', 'h.id')
            .where('i.kind', '=', 'transportation')
            .where('i.status', 'not in', ['draft', 'void']),
        )
        .as('billed'),
    ])
    .where('h.tenant_id', '=', tenantId)
    .where('h.first_pickup_date', 'is not', null)
    .where('h.first_pickup_date', '<=', latest)
    .$narrowType<{ first_pickup_date: NotNull }>()
    .where('h.id', 'not in', unbillableHouseholdIds(db(em)))
    .orderBy('h.first_pickup_date')
    .orderBy('h.id')
    .execute();

  return rows.map((row) => ({ householdId: row.id, firstPickupDate: row.first_pickup_date, billed: Boolean(row.billed) }));
};

/** The draft transportation invoices of these households of the tenant for weeks up to `latestCycleStart`, oldest week first. */
export const draftTransportInvoices = async (
  em: SqlEntityManager,
  tenantId: string,
  householdIds: readonly string[],
  latestCycleStart: string,
): Promise<InvoiceRow[]> => {
  if (householdIds.length === 0) {
    return [];
  }

  return db(em)
    .selectFrom('transport_invoice as i')
    .select(INVOICE_COLUMNS)
    .where('i.tenant_id', '=', tenantId)
    .where('i.household_id', 'in', householdIds)
    .where('i.kind', '=', 'transportation')
    .where('i.status', '=', 'draft')
    .where('i.cycle_start', '<=', latestCycleStart)
    .orderBy('i.cycle_start')
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
};

export const payerContact = async (em: SqlEntityManager, payerId: string): Promise<{ name: string; email: string | null } | null> =>
  (await db(em).selectFrom('transport_payer').select(['name', 'email']).where('id', '=', payerId).executeTakeFirst()) ?? null;

/** A draft or pending invoice becomes `sent` once its email went out; the payment link is kept when there is one. */
export const markInvoiceSent = async (
  em: SqlEntityManager,
  invoiceId: string,
  sent: { at: Date; provider: string | null; paymentUrl: string | null; providerRef?: string | null },
): Promise<InvoiceRow | null> => {
  // A value not given keeps what the invoice has (the column itself, as coalesce would).
  const row = await db(em)
    .updateTable('transport_invoice')
    .set((eb) => ({
      status: 'sent',
      sent_at: sent.at,
      provider: sent.provider ?? eb.ref('provider'),
      payment_url: sent.paymentUrl ?? eb.ref('payment_url'),
      provider_ref: sent.providerRef ?? eb.ref('provider_ref'),
    }))
    .where('id', '=', invoiceId)
    .where('status', 'in', ['draft', 'pending'])
    .returning(INVOICE_TABLE_COLUMNS)
    .executeTakeFirst();

  return row ?? null;
};

export type OutstandingRow = {
  household_id: string;
  household_name: string;
  payer_id: string | null;
  payer_name: string | null;
  payer_email: string | null;
  outstanding_cents: number;
  invoice_count: number;
};

/**
 * Unpaid, partial and sent invoices per household and payer; amount minus what was paid. Only
 * billable households count (billable.ts): a rejected one is never billed, even for a part-paid
 * invoice a rejection leaves as it is.
 */
export const readOutstanding = async (em: SqlEntityManager, tenantId: string): Promise<OutstandingRow[]> => {
  const grouped = await db(em)
    .selectFrom('transport_invoice as i')
    .innerJoin('transport_household as h', 'h.id', 'i.household_id')
    .leftJoin('transport_payer as p', 'p.id', 'i.payer_id')
    .select((eb) => [
      'h.id as household_id',
      'h.name as household_name',
      'p.id as payer_id',
      'p.name as payer_name',
      'p.email as payer_email',
      eb.fn.sum<string>(eb.fn('greatest', [eb('i.amount_cents', '-', eb.ref('i.amount_paid_cents')), eb.lit(0)])).as('outstanding_cents'),
      eb.fn.countAll<string>().as('invoice_count'),
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.status', 'in', ['unpaid', 'partial', 'sent'])
    .where('h.id', 'not in', unbillableHouseholdIds(db(em)))
    .groupBy(['h.id', 'h.name', 'h.created_at', 'p.id', 'p.name', 'p.email', 'p.is_primary', 'p.created_at'])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id')
    .orderBy('p.is_primary', (order) => order.desc().nullsLast())
    .orderBy('p.created_at')
    .execute();
  // sum and count are bigints, which the driver answers as text.
  return grouped.map((row) => ({ ...row, outstanding_cents: Number(row.outstanding_cents), invoice_count: Number(row.invoice_count) }));
};

export const readInvoice = async (em: SqlEntityManager, invoiceId: string): Promise<InvoiceRow | null> =>
  (await db(em).selectFrom('transport_invoice as i').select(INVOICE_COLUMNS).where('i.id', '=', invoiceId).executeTakeFirst()) ?? null;
