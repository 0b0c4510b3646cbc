import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TenantTier } from '@switchyard/domain/transport/tenants/schemas';
import { db, jsonb } from '../../kysely.ts';
import { TENANT_COLUMNS, type TenantRow } from '../tenants.ts';

export const listTenants = async (em: SqlEntityManager): Promise<TenantRow[]> =>
  db(em).selectFrom('transport_tenant').select(TENANT_COLUMNS).orderBy('created_at').orderBy('id').execute();

export type NewTenant = {
  id: string;
  name: string;
  tier: TenantTier;
  theme: Record<string, unknown>;
  domain: string | null;
  timeZone?: string;
  at: Date;
};

/** Null when the slug (or the domain) is already taken. */
export const insertTenant = async (em: SqlEntityManager, tenant: NewTenant): Promise<TenantRow | null> => {
  const row = await db(em)
    .insertInto('transport_tenant')
    .values({
      id: tenant.id,
      name: tenant.name,
      tier: tenant.tier,
      theme: jsonb(tenant.theme),
      domain: tenant.domain,
      time_zone: tenant.timeZone ?? 'UTC',
      created_at: tenant.at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning(TENANT_COLUMNS)
    .executeTakeFirst();

  return row ?? null;
};

/** Answers whether the database took a trivial query. */
export const databaseAnswers = async (em: SqlEntityManager): Promise<boolean> => {
  try {
    // Hand-written: a health probe touches no table, so there is nothing for the ORM to build.
    await em.execute('select 1');

    return true;
  } catch {
    return false;
  }
};
