import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import type { SplitType } from '@switchyard/domain/transport/billing/billing-split';
import { ALLOCATION_COLUMNS, PAYER_COLUMNS, presentAllocation, presentPayer, type AllocationRow, type PayerRow } from './rows.ts';

export type NewPayer = {
  tenantId: string;
  householdId: string;
  name: string;
  email: string;
  phone: string | null;
  allocation: { childId: string; splitType: SplitType; value: number } | null;
  now: Date;
};

/** Adds a non-primary payer and, when given, the allocation that says what they pay for. */
export const addPayer = (em: SqlEntityManager, input: NewPayer) =>
  em.fork().transactional(async (tx) => {
    const household = await tx.execute<{ id: string }[]>('select id from transport_household where id = ? and tenant_id = ? for update', [
      input.householdId,
      input.tenantId,
    ]);
    if (household.length === 0) {
      throw new DomainError('not_found', 'Household not found');
    }
    if (input.allocation) {
      const child = await tx.execute<{ id: string }[]>('select id from transport_child where id = ? and household_id = ?', [input.allocation.childId, input.householdId]);
      if (child.length === 0) {
        throw new DomainError('not_found', 'Child not found');
      }
    }
    const at = input.now.toISOString();
    const payerId = randomUUID();
    await tx.execute(
      `insert into transport_payer (id, tenant_id, household_id, name, email, phone, is_primary, created_at)
       values (?, ?, ?, ?, ?, ?, false, ?::timestamptz)`,
      [payerId, input.tenantId, input.householdId, input.name, input.email, input.phone, at],
    );
    const payer = (await tx.execute<PayerRow[]>(`select ${PAYER_COLUMNS} from transport_payer p where p.id = ?`, [payerId]))[0];
    let allocation: AllocationRow | undefined;
    if (input.allocation) {
      const allocationId = randomUUID();
      await tx.execute(
        `insert into transport_billing_allocation (id, tenant_id, household_id, payer_id, child_id, split_type, value, created_at)
         values (?, ?, ?, ?, ?, ?, ?::numeric, ?::timestamptz)`,
        [allocationId, input.tenantId, input.householdId, payerId, input.allocation.childId, input.allocation.splitType, input.allocation.value.toFixed(2), at],
      );
      allocation = (await tx.execute<AllocationRow[]>(`select ${ALLOCATION_COLUMNS} from transport_billing_allocation a where a.id = ?`, [allocationId]))[0];
    }

    return { payer: payer ? presentPayer(payer) : null, allocation: allocation ? presentAllocation(allocation) : null };
  });

/** What a payer change touched, before and after, for the audit row. */
export type Changed = { before: Record<string, unknown>; after: Record<string, unknown> };

const PAYER_FIELDS = ['name', 'email', 'phone', 'relationship'] as const;

/** Changes the contact fields given of one of the tenant's payers; 404 when the household or payer is not the tenant's. */
export const updatePayer = (
  em: SqlEntityManager,
  input: { tenantId: string; householdId: string; payerId: string; patch: Partial<Record<(typeof PAYER_FIELDS)[number], string | null>> },
): Promise<Changed> =>
  em.fork().transactional(async (tx) => {
    const [before] = await tx.execute<PayerRow[]>(`select ${PAYER_COLUMNS} from transport_payer p where p.id = ? and p.household_id = ? and p.tenant_id = ? for update`, [
      input.payerId,
      input.householdId,
      input.tenantId,
    ]);
    if (!before) {
      throw new DomainError('not_found', 'Payer not found');
    }
    const fields = PAYER_FIELDS.filter((field) => input.patch[field] !== undefined);
    await tx.execute(`update transport_payer set ${fields.map((field) => `${field} = ?::text`).join(', ')} where id = ?`, [
      ...fields.map((field) => input.patch[field] ?? null),
      input.payerId,
    ]);

    return { before: Object.fromEntries(fields.map((field) => [field, before[field]])), after: Object.fromEntries(fields.map((field) => [field, input.patch[field] ?? null])) };
  });

/**
 * Removes a payer and their allocations, so their share falls back to the primary payer. The
 * primary payer (who takes what nobody else pays) and a payer with invoices that are not void stay:
 * 409, naming how many invoices.
 */
export const removePayer = (em: SqlEntityManager, input: { tenantId: string; householdId: string; payerId: string }): Promise<Record<string, unknown>> =>
  em.fork().transactional(async (tx) => {
    const [payer] = await tx.execute<PayerRow[]>(`select ${PAYER_COLUMNS} from transport_payer p where p.id = ? and p.household_id = ? and p.tenant_id = ? for update`, [
      input.payerId,
      input.householdId,
      input.tenantId,
    ]);
    if (!payer) {
      throw new DomainError('not_found', 'Payer not found');
    }
    if (payer.is_primary) {
      throw new DomainError('conflict', 'The primary payer pays what nobody else does and cannot be removed; edit their details instead.');
    }
    const [invoices] = await tx.execute<{ n: number }[]>("select count(*)::int as n from transport_invoice where payer_id = ? and status <> 'void'", [input.payerId]);
    if ((invoices?.n ?? 0) > 0) {
      const n = invoices?.n ?? 0;
      throw new DomainError('conflict', `This payer has ${n} invoice${n === 1 ? '' : 's'} that ${n === 1 ? 'is' : 'are'} not void; void ${n === 1 ? 'it' : 'them'} first.`);
    }
    await tx.execute('delete from transport_payer where id = ?', [input.payerId]);

    return presentPayer(payer);
  });

/** Adds an allocation to an existing payer of the household for one of its children. */
export const addAllocation = (
  em: SqlEntityManager,
  input: { tenantId: string; householdId: string; payerId: string; childId: string; splitType: SplitType; value: number; now: Date },
) =>
  em.fork().transactional(async (tx) => {
    const payer = await tx.execute<{ id: string }[]>('select id from transport_payer where id = ? and household_id = ? and tenant_id = ? for update', [
      input.payerId,
      input.householdId,
      input.tenantId,
    ]);
    if (payer.length === 0) {
      throw new DomainError('not_found', 'Payer not found');
    }
    const child = await tx.execute<{ id: string }[]>('select id from transport_child where id = ? and household_id = ?', [input.childId, input.householdId]);
    if (child.length === 0) {
      throw new DomainError('not_found', 'Child not found');
    }
    const allocationId = randomUUID();
    await tx.execute(
      `insert into transport_billing_allocation (id, tenant_id, household_id, payer_id, child_id, split_type, value, created_at)
       values (?, ?, ?, ?, ?, ?, ?::numeric, ?::timestamptz)`,
      [allocationId, input.tenantId, input.householdId, input.payerId, input.childId, input.splitType, input.value.toFixed(2), input.now.toISOString()],
    );
    const [row] = await tx.execute<AllocationRow[]>(`select ${ALLOCATION_COLUMNS} from transport_billing_allocation a where a.id = ?`, [allocationId]);
    if (!row) {
      throw new Error('the allocation just inserted is missing');
    }

    return presentAllocation(row);
  });

const findAllocation = async (tx: SqlEntityManager, tenantId: string, householdId: string, allocationId: string) => {
  const [row] = await tx.execute<AllocationRow[]>(
    `select ${ALLOCATION_COLUMNS} from transport_billing_allocation a where a.id = ? and a.household_id = ? and a.tenant_id = ? for update`,
    [allocationId, householdId, tenantId],
  );
  if (!row) {
    throw new DomainError('not_found', 'Allocation not found');
  }

  return presentAllocation(row);
};

/** Changes how an allocation shares a child's rate; answers it before and after. */
export const updateAllocation = (em: SqlEntityManager, input: { tenantId: string; householdId: string; allocationId: string; splitType: SplitType; value: number }) =>
  em.fork().transactional(async (tx) => {
    const before = await findAllocation(tx, input.tenantId, input.householdId, input.allocationId);
    await tx.execute('update transport_billing_allocation set split_type = ?, value = ?::numeric where id = ?', [input.splitType, input.value.toFixed(2), input.allocationId]);

    return { before, after: { ...before, split_type: input.splitType, value: Number(input.value.toFixed(2)) } };
  });

/** Removes an allocation; its share falls back to the primary payer. */
export const removeAllocation = (em: SqlEntityManager, input: { tenantId: string; householdId: string; allocationId: string }) =>
  em.fork().transactional(async (tx) => {
    const before = await findAllocation(tx, input.tenantId, input.householdId, input.allocationId);
    await tx.execute('delete from transport_billing_allocation where id = ?', [input.allocationId]);

    return before;
  });
