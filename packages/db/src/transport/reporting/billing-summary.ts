import type { SqlEntityManager } from '@mikro-orm/sql';
import type { InvoiceKind, InvoiceStatus } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import { db } from '../../kysely.ts';
import { toNumber } from './keyset.ts';

export type InvoiceTotalsRow = {
  kind: InvoiceKind;
  status: InvoiceStatus;
  invoice_count: number;
  invoiced_cents: number;
  paid_cents: number;
  outstanding_cents: number;
};

/**
 * The tenant's invoices grouped by kind and status, one statement. Outstanding is what is still
 * owed on invoices in `outstandingStatuses`, an overpaid invoice counting 0, as the REST list does.
 */
export const readInvoiceTotals = async (
  em: SqlEntityManager,
  tenantId: string,
  outstandingStatuses: readonly InvoiceStatus[],
): Promise<InvoiceTotalsRow[]> => {
  const rows = await db(em)
    .selectFrom('transport_invoice as i')
    .select((eb) => [
      'i.kind',
      'i.status',
      eb.fn.countAll().as('invoice_count'),
      eb.fn.coalesce(eb.fn.sum('i.amount_cents'), eb.lit(0)).as('invoiced_cents'),
      eb.fn.coalesce(eb.fn.sum('i.amount_paid_cents'), eb.lit(0)).as('paid_cents'),
      eb.fn
        .coalesce(
          eb.fn.sum(
            eb
              .case()
              .when('i.status', 'in', outstandingStatuses)
              .then(eb.fn('greatest', [eb('i.amount_cents', '-', eb.ref('i.amount_paid_cents')), eb.lit(0)]))
              .else(0)
              .end(),
          ),
          eb.lit(0),
        )
        .as('outstanding_cents'),
    ])
    .where('i.tenant_id', '=', tenantId)
    .groupBy(['i.kind', 'i.status'])
    .execute();

  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    invoice_count: toNumber(row.invoice_count),
    invoiced_cents: toNumber(row.invoiced_cents),
    paid_cents: toNumber(row.paid_cents),
    outstanding_cents: toNumber(row.outstanding_cents),
  }));
};
