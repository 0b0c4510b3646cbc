import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import type { SplitType } from '@switchyard/domain/transport/billing/billing-split';
import { db } from '../../kysely.ts';
import { BillingAllocationSchema, Invoice, Payer } from './entities.ts';
import { ALLOCATION_COLUMNS, PAYER_COLUMNS, type AllocationRow, type PayerRow } from './rows.ts';

const PAYER_TABLE_COLUMNS = ['id', 'household_id', 'name', 'email', 'phone', 'relationship', 'is_primary', 'created_at'] as const;

export type NewPayer = {
  tenantId: string;
  householdId: string;
  name: string;
  email: string;
  phone: string | null;
  allocation: { childId: string; splitType: SplitType; value: number } | null;
  now: Date;
};

/** The tenant's payer of the household, locked until the transaction ends; undefined when there is none. */
const lockPayer = (
  tx: SqlEntityManager,
  input: { tenantId: string; householdId: string; payerId: string },
): Promise<PayerRow | undefined> =>
  db(tx)
    .selectFrom('transport_payer as p')
    .select(PAYER_COLUMNS)
    .where('p.id', '=', input.payerId)
    .where('p.household_id', '=', input.householdId)
    .where('p.tenant_id', '=', input.tenantId)
    .forUpdate()
    .executeTakeFirst();

const childOfHousehold = (tx: SqlEntityManager, childId: string, householdId: string) =>
  db(tx).selectFrom('transport_child').select('id').where('id', '=', childId).where('household_id', '=', householdId).executeTakeFirst();

const insertAllocation = (
  tx: SqlEntityManager,
  input: { tenantId: string; householdId: string; payerId: string; childId: string; splitType: SplitType; value: number; now: Date },
): Promise<AllocationRow> =>
  db(tx)
    .insertInto('transport_billing_allocation')
    .values({
      id: randomUUID(),
      tenant_id: input.tenantId,
      household_id: input.householdId,
      payer_id: input.payerId,
      child_id: input.childId,
      split_type: input.splitType,
      // numeric(12,2): cents exactly, as the text the database stores.
      value: input.value.toFixed(2),
      created_at: input.now,
    })
    .returning(['id', 'household_id', 'payer_id', 'child_id', 'split_type', 'value', 'created_at'])
    .executeTakeFirstOrThrow();

/** Adds a non-primary payer and, when given, the allocation that says what they pay for. */
export const addPayer = (em: SqlEntityManager, input: NewPayer): Promise<{ payer: PayerRow | null; allocation: AllocationRow | null }> =>
  em.fork().transactional(async (tx) => {
    const household = await db(tx)
      .selectFrom('transport_household')
      .select('id')
      .where('id', '=', input.householdId)
      .where('tenant_id', '=', input.tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!household) {
      throw new DomainError('not_found', 'Household not found');
    }
    if (input.allocation) {
      const child = await childOfHousehold(tx, input.allocation.childId, input.householdId);
      if (!child) {
        throw new DomainError('not_found', 'Child not found');
      }
    }
    const payerId = randomUUID();
    const payer: PayerRow | undefined = await db(tx)
      .insertInto('transport_payer')
      .values({
        id: payerId,
        tenant_id: input.tenantId,
        household_id: input.householdId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        is_primary: false,
        created_at: input.now,
      })
      .returning(PAYER_TABLE_COLUMNS)
      .executeTakeFirst();
    const allocation = input.allocation
      ? await insertAllocation(tx, {
          ...input,
          payerId,
          childId: input.allocation.childId,
          splitType: input.allocation.splitType,
          value: input.allocation.value,
        })
      : undefined;

    return { payer: payer ?? null, allocation: allocation ?? null };
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
    const before = await lockPayer(tx, input);
    if (!before) {
      throw new DomainError('not_found', 'Payer not found');
    }
    const fields = PAYER_FIELDS.filter((field) => input.patch[field] !== undefined);
    await db(tx)
      .updateTable('transport_payer')
      .set(Object.fromEntries(fields.map((field) => [field, input.patch[field] ?? null])))
      .where('id', '=', input.payerId)
      .execute();

    return {
      before: Object.fromEntries(fields.map((field) => [field, before[field]])),
      after: Object.fromEntries(fields.map((field) => [field, input.patch[field] ?? null])),
    };
  });

/**
 * Removes a payer and their allocations, so their share falls back to the primary payer. The
 * primary payer (who takes what nobody else pays) and a payer with invoices that are not void stay:
 * 409, naming how many invoices.
 */
export const removePayer = (em: SqlEntityManager, input: { tenantId: string; householdId: string; payerId: string }): Promise<PayerRow> =>
  em.fork().transactional(async (tx) => {
    const payer = await lockPayer(tx, input);
    if (!payer) {
      throw new DomainError('not_found', 'Payer not found');
    }
    if (payer.is_primary) {
      throw new DomainError('conflict', 'The primary payer pays what nobody else does and cannot be removed; edit their details instead.');
    }
    const n = await tx.count(Invoice, { payerId: input.payerId, status: { $ne: 'void' } });
    if (n > 0) {
      throw new DomainError(
        'conflict',
        `This payer has ${n} invoice${n === 1 ? '' : 's'} that ${n === 1 ? 'is' : 'are'} not void; void ${n === 1 ? 'it' : 'them'} first.`,
      );
    }
    await tx.nativeDelete(Payer, { id: input.payerId });

    return payer;
  });

/** Adds an allocation to an existing payer of the household for one of its children. */
export const addAllocation = (
  em: SqlEntityManager,
  input: { tenantId: string; householdId: string; payerId: string; childId: string; splitType: SplitType; value: number; now: Date },
) =>
  em.fork().transactional(async (tx) => {
    const payer = await lockPayer(tx, input);
    if (!payer) {
      throw new DomainError('not_found', 'Payer not found');
    }
    const child = await childOfHousehold(tx, input.childId, input.householdId);
    if (!child) {
      throw new DomainError('not_found', 'Child not found');
    }
    return insertAllocation(tx, input);
  });

const findAllocation = async (
  tx: SqlEntityManager,
  tenantId: string,
  householdId: string,
  allocationId: string,
): Promise<AllocationRow> => {
  const row: AllocationRow | undefined = await db(tx)
    .selectFrom('transport_billing_allocation as a')
    .select(ALLOCATION_COLUMNS)
    .where('a.id', '=', allocationId)
    .where('a.household_id', '=', householdId)
    .where('a.tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    throw new DomainError('not_found', 'Allocation not found');
  }

  return row;
};

/** Changes how an allocation shares a child's rate; answers it before and after. */
export const updateAllocation = (
  em: SqlEntityManager,
  input: { tenantId: string; householdId: string; allocationId: string; splitType: SplitType; value: number },
) =>
  em.fork().transactional(async (tx) => {
    const before = await findAllocation(tx, input.tenantId, input.householdId, input.allocationId);
    await tx.nativeUpdate(
      BillingAllocationSchema,
      { id: input.allocationId },
      { splitType: input.splitType, value: input.value.toFixed(2) },
    );

    return { before, after: { ...before, split_type: input.splitType, value: input.value.toFixed(2) } };
  });

/** Removes an allocation; its share falls back to the primary payer. */
export const removeAllocation = (em: SqlEntityManager, input: { tenantId: string; householdId: string; allocationId: string }) =>
  em.fork().transactional(async (tx) => {
    const before = await findAllocation(tx, input.tenantId, input.householdId, input.allocationId);
    await tx.nativeDelete(BillingAllocationSchema, { id: input.allocationId });

    return before;
  });

/**
 * Replaces a non-primary payer's allocations with the ones `allocationsOf` makes of the household's
 * riding children (oldest first), in one transaction; answers the allocations before and after.
 * The primary payer takes the rest and has no split of its own (409).
 */
export const replacePayerAllocations = (
  em: SqlEntityManager,
  input: { tenantId: string; householdId: string; payerId: string; now: Date },
  allocationsOf: (ridingChildren: { id: string; rateCents: number }[]) => { childId: string; splitType: SplitType; value: number }[],
): Promise<{ before: AllocationRow[]; after: AllocationRow[] }> =>
  em.fork().transactional(async (tx) => {
    const payer = await lockPayer(tx, input);
    if (!payer) {
      throw new DomainError('not_found', 'Payer not found');
    }
    if (payer.is_primary) {
      throw new DomainError('conflict', 'The primary payer pays what the other payers do not; set the other payers’ shares instead.');
    }
    const riding = await db(tx)
      .selectFrom('transport_child')
      .select(['id', 'rate_weekly_cents'])
      .where('household_id', '=', input.householdId)
      .where('active', '=', true)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const before: AllocationRow[] = await db(tx)
      .selectFrom('transport_billing_allocation as a')
      .select(ALLOCATION_COLUMNS)
      .where('a.payer_id', '=', input.payerId)
      .orderBy('a.created_at')
      .execute();
    await db(tx).deleteFrom('transport_billing_allocation').where('payer_id', '=', input.payerId).execute();
    const after: AllocationRow[] = [];
    for (const [index, allocation] of allocationsOf(
      riding.map((child) => ({ id: child.id, rateCents: child.rate_weekly_cents })),
    ).entries()) {
      // Each a millisecond apart, so they keep their order.
      after.push(await insertAllocation(tx, { ...input, ...allocation, now: new Date(input.now.getTime() + index) }));
    }

    return { before, after };
  });
