import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { BillingCycle } from '@switchyard/domain/transport/billing/billing-cycle';
import { billableHouseholdSql } from './billable-households.ts';
import { householdShares, isBillable, loadHouseholds } from './households.ts';
import { INVOICE_COLUMNS, presentInvoice, type InvoiceRow, type InvoiceView } from './rows.ts';

/**
 * One draft transportation invoice per payer with a share for the cycle. A payer already billed
 * for the cycle is left alone (the unique index decides under concurrency), so generating twice
 * bills nobody twice; only the invoices made by this call are returned.
 */
export const generateCycleInvoices = (
  em: SqlEntityManager,
  input: { tenantId: string; cycle: BillingCycle; householdIds?: readonly string[]; now: Date; provider: string },
): Promise<InvoiceView[]> =>
  em.fork().transactional(async (tx) => {
    const households = await loadHouseholds(tx, input.tenantId, input.householdIds ? { householdIds: input.householdIds } : {});
    const created: InvoiceView[] = [];
    for (const aggregate of households.filter(isBillable)) {
      for (const share of householdShares(aggregate)) {
        if (share.amountCents === 0) {
          continue;
        }
        const rows = await tx.execute<InvoiceRow[]>(
          `insert into transport_invoice as i (id, tenant_id, household_id, payer_id, kind, status, provider, amount_cents, cycle_start, cycle_end, created_at)
           values (?, ?, ?, ?, 'transportation', 'draft', ?, ?, ?::date, ?::date, ?::timestamptz)
           on conflict (payer_id, cycle_start) where kind = 'transportation' do nothing
           returning ${INVOICE_COLUMNS}`,
          [randomUUID(), input.tenantId, aggregate.household.id, share.payerId, input.provider, share.amountCents, input.cycle.cycleStart, input.cycle.cycleEnd, input.now.toISOString()],
        );
        const row = rows[0];
        if (row) {
          created.push(presentInvoice(row));
        }
      }
    }

    return created;
  });

export type DueCandidate = { householdId: string; firstPickupDate: string; hasTransportationInvoice: boolean };

/** Billable households of the tenant with a first pickup date up to `latest` (YYYY-MM-DD). */
export const householdsWithPickupBy = (em: SqlEntityManager, tenantId: string, latest: string): Promise<DueCandidate[]> =>
  em
    .execute<{ id: string; first_pickup_date: string; billed: boolean }[]>(
      `select h.id, h.first_pickup_date::text as first_pickup_date,
         exists (select 1 from transport_invoice i where i.household_id = h.id and i.kind = 'transportation') as billed
       from transport_household h
       where h.tenant_id = ? and h.first_pickup_date is not null and h.first_pickup_date <= ?::date
         and ${billableHouseholdSql('h')}
       order by h.first_pickup_date, h.id`,
      [tenantId, latest],
    )
    .then((rows) => rows.map((row) => ({ householdId: row.id, firstPickupDate: row.first_pickup_date, hasTransportationInvoice: row.billed })));

export const payerContact = async (em: SqlEntityManager, payerId: string): Promise<{ name: string; email: string | null } | null> => {
  const rows = await em.execute<{ name: string; email: string | null }[]>('select name, email from transport_payer where id = ?', [payerId]);

  return rows[0] ?? null;
};

/** A draft or pending invoice becomes `sent` once its email went out; the payment link is kept when there is one. */
export const markInvoiceSent = async (
  em: SqlEntityManager,
  invoiceId: string,
  sent: { at: Date; provider: string | null; paymentUrl: string | null; providerRef?: string | null },
): Promise<InvoiceView | null> => {
  const rows = await em.execute<InvoiceRow[]>(
    `update transport_invoice as i set status = 'sent', sent_at = ?::timestamptz, provider = coalesce(?, provider), payment_url = coalesce(?, payment_url),
       provider_ref = coalesce(?, provider_ref)
     where id = ? and status in ('draft', 'pending') returning ${INVOICE_COLUMNS}`,
    [sent.at.toISOString(), sent.provider, sent.paymentUrl, sent.providerRef ?? null, invoiceId],
  );

  return rows[0] ? presentInvoice(rows[0]) : null;
};

type OutstandingRow = {
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
export const readOutstanding = async (em: SqlEntityManager, tenantId: string) => {
  const rows = await em.execute<OutstandingRow[]>(
    `select h.id as household_id, h.name as household_name, p.id as payer_id, p.name as payer_name, p.email as payer_email,
       sum(greatest(i.amount_cents - i.amount_paid_cents, 0))::int as outstanding_cents, count(*)::int as invoice_count
     from transport_invoice i
     join transport_household h on h.id = i.household_id
     left join transport_payer p on p.id = i.payer_id
     where i.tenant_id = ? and i.status in ('unpaid', 'partial', 'sent')
       and ${billableHouseholdSql('h')}
     group by h.id, h.name, h.created_at, p.id, p.name, p.email, p.is_primary, p.created_at
     order by h.created_at desc, h.id, p.is_primary desc nulls last, p.created_at`,
    [tenantId],
  );
  const households = new Map<string, { household_id: string; household_name: string; total_outstanding: number; payers: unknown[] }>();
  const totals = new Map<string, number>();
  for (const row of rows) {
    const entry = households.get(row.household_id) ?? { household_id: row.household_id, household_name: row.household_name, total_outstanding: 0, payers: [] };
    households.set(row.household_id, entry);
    totals.set(row.household_id, (totals.get(row.household_id) ?? 0) + row.outstanding_cents);
    entry.total_outstanding = (totals.get(row.household_id) ?? 0) / 100;
    entry.payers.push({
      payer_id: row.payer_id,
      name: row.payer_name,
      email: row.payer_email,
      outstanding: row.outstanding_cents / 100,
      invoice_count: row.invoice_count,
    });
  }

  return [...households.values()];
};

export const readInvoice = async (em: SqlEntityManager, invoiceId: string): Promise<InvoiceView | null> => {
  const rows = await em.execute<InvoiceRow[]>(`select ${INVOICE_COLUMNS} from transport_invoice i where i.id = ?`, [invoiceId]);

  return rows[0] ? presentInvoice(rows[0]) : null;
};
