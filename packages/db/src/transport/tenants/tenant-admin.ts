import type { SqlEntityManager } from '@mikro-orm/sql';
import { TENANT_COLUMNS as COLUMNS, type TenantRow } from '../tenants.ts';

export const listTenants = async (em: SqlEntityManager): Promise<TenantRow[]> =>
  em.execute<TenantRow[]>(`select ${COLUMNS} from transport_tenant order by created_at, id`);

export type NewTenant = { id: string; name: string; tier: string; theme: Record<string, unknown>; domain: string | null; timeZone?: string; at: Date };

/** Null when the slug (or the domain) is already taken. */
export const insertTenant = async (em: SqlEntityManager, tenant: NewTenant): Promise<TenantRow | null> => {
  const rows = await em.execute<TenantRow[]>(
    `insert into transport_tenant (${COLUMNS}) values (?, ?, ?, ?::jsonb, ?, ?, ?::timestamptz)
     on conflict do nothing returning ${COLUMNS}`,
    [tenant.id, tenant.name, tenant.tier, JSON.stringify(tenant.theme), tenant.domain, tenant.timeZone ?? 'UTC', tenant.at.toISOString()],
  );

  return rows[0] ?? null;
};

/** Answers whether the database took a trivial query. */
export const databaseAnswers = async (em: SqlEntityManager): Promise<boolean> => {
  try {
    await em.execute('select 1');

    return true;
  } catch {
    return false;
  }
};
