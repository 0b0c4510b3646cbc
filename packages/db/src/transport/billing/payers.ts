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
