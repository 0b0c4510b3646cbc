import type { SqlEntityManager } from '@mikro-orm/sql';
import { placeholders, toNumber } from './keyset.ts';

export type InvoiceTotalsRow = {
  kind: string;
  status: string;
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
  outstandingStatuses: readonly string[],
): Promise<InvoiceTotalsRow[]> => {
  const rows = await em.execute<{ kind: string; status: string; invoice_count: number; invoiced_cents: unknown; paid_cents: unknown; outstanding_cents: unknown }[]>(
    `select i.kind, i.status, count(*)::int as invoice_count,
       coalesce(sum(i.amount_cents), 0)::bigint as invoiced_cents,
       coalesce(sum(i.amount_paid_cents), 0)::bigint as paid_cents,
       coalesce(sum(case when i.status in (${placeholders(outstandingStatuses)}) then greatest(i.amount_cents - i.amount_paid_cents, 0) else 0 end), 0)::bigint
         as outstanding_cents
     from transport_invoice i where i.tenant_id = ? group by i.kind, i.status`,
    [...outstandingStatuses, tenantId],
  );

  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    invoice_count: row.invoice_count,
    invoiced_cents: toNumber(row.invoiced_cents),
    paid_cents: toNumber(row.paid_cents),
    outstanding_cents: toNumber(row.outstanding_cents),
  }));
};
