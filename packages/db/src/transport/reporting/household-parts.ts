import type { SqlEntityManager } from '@mikro-orm/sql';
import {
  ALLOCATION_COLUMNS,
  CHILD_COLUMNS,
  INVOICE_COLUMNS,
  PAYER_COLUMNS,
  type AllocationRow,
  type ChildRow,
  type InvoiceRow,
  type PayerRow,
} from '../billing/rows.ts';
import { placeholders } from './keyset.ts';

/**
 * What hangs off a page of households, one statement per kind for the whole page. Columns and
 * orders are the billing reads' own, so the figures match the REST answers.
 */

export const listChildrenOfHouseholds = (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]): Promise<ChildRow[]> =>
  em.execute<ChildRow[]>(
    `select ${CHILD_COLUMNS} from transport_child c where c.tenant_id = ? and c.household_id in (${placeholders(householdIds)}) order by c.created_at, c.id`,
    [tenantId, ...householdIds],
  );

/** Primary payer first, then in the order they were added. */
export const listPayersOfHouseholds = (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]): Promise<PayerRow[]> =>
  em.execute<PayerRow[]>(
    `select ${PAYER_COLUMNS} from transport_payer p where p.tenant_id = ? and p.household_id in (${placeholders(householdIds)})
     order by p.is_primary desc, p.created_at, p.id`,
    [tenantId, ...householdIds],
  );

export const listAllocationsOfHouseholds = (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]): Promise<AllocationRow[]> =>
  em.execute<AllocationRow[]>(
    `select ${ALLOCATION_COLUMNS} from transport_billing_allocation a where a.tenant_id = ? and a.household_id in (${placeholders(householdIds)})
     order by a.created_at, a.id`,
    [tenantId, ...householdIds],
  );

/** Newest first. */
export const listInvoicesOfHouseholds = (em: SqlEntityManager, tenantId: string, householdIds: readonly string[]): Promise<InvoiceRow[]> =>
  em.execute<InvoiceRow[]>(
    `select ${INVOICE_COLUMNS} from transport_invoice i where i.tenant_id = ? and i.household_id in (${placeholders(householdIds)})
     order by i.created_at desc, i.id`,
    [tenantId, ...householdIds],
  );
