import type { SqlEntityManager } from '@mikro-orm/sql';
import type { HouseholdRow } from '../billing/households.ts';
import { keyColumn, placeholders, type PageKey, type PageWindow } from './keyset.ts';

export type HouseholdPageRow = Omit<HouseholdRow, 'created_at'> & { created_at: Date; key_created_at: string };

export type HouseholdFilter = { tenantId: string; registrationStatuses?: readonly string[] | undefined };

const filterClause = (filter: HouseholdFilter): { where: string[]; params: unknown[] } => {
  const where = ['h.tenant_id = ?'];
  const params: unknown[] = [filter.tenantId];
  if (filter.registrationStatuses && filter.registrationStatuses.length > 0) {
    where.push(
      `exists (select 1 from transport_registration r where r.tenant_id = h.tenant_id and r.household_id = h.id and r.status in (${placeholders(filter.registrationStatuses)}))`,
    );
    params.push(...filter.registrationStatuses);
  }

  return { where, params };
};

/**
 * One forward page of the tenant's households, newest first, in one statement. It reads one row
 * more than `size`, so `hasMore` tells exactly whether older households follow the page.
 */
export const listHouseholdsPage = async (
  em: SqlEntityManager,
  input: PageWindow & { filter: HouseholdFilter },
): Promise<{ rows: HouseholdPageRow[]; hasMore: boolean }> => {
  const { where, params } = filterClause(input.filter);
  if (input.after) {
    where.push('(h.created_at, h.id) < (?::timestamptz, ?)');
    params.push(input.after.createdAt, input.after.id);
  }
  const rows = await em.execute<HouseholdPageRow[]>(
    `select h.id, h.tenant_id, h.name, h.address, h.first_pickup_date::text as first_pickup_date, h.policy_acknowledged,
       h.emergency_contacts, h.created_at, ${keyColumn('h')},
       (select r.status from transport_registration r where r.tenant_id = h.tenant_id and r.household_id = h.id
        order by r.created_at desc limit 1) as registration_status
     from transport_household h where ${where.join(' and ')}
     order by h.created_at desc, h.id desc limit ?`,
    [...params, input.size + 1],
  );

  return { rows: rows.slice(0, input.size), hasMore: rows.length > input.size };
};

/** Whether a household matching the filter sits at `key` or is newer: the page after `key` has something before it. */
export const householdExistsAtOrNewer = async (em: SqlEntityManager, filter: HouseholdFilter, key: PageKey): Promise<boolean> => {
  const { where, params } = filterClause(filter);
  const rows = await em.execute<{ found: number }[]>(
    `select 1 as found from transport_household h where ${where.join(' and ')} and (h.created_at, h.id) >= (?::timestamptz, ?)
     order by h.created_at, h.id limit 1`,
    [...params, key.createdAt, key.id],
  );

  return rows.length > 0;
};

export const countHouseholds = async (em: SqlEntityManager, filter: HouseholdFilter): Promise<number> => {
  const { where, params } = filterClause(filter);
  const rows = await em.execute<{ total: number }[]>(`select count(*)::int as total from transport_household h where ${where.join(' and ')}`, params);

  return rows[0]?.total ?? 0;
};
