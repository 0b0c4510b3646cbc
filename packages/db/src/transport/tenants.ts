import type { SqlEntityManager } from '@mikro-orm/sql';

export type TenantRow = {
  id: string;
  name: string;
  tier: string;
  theme: Record<string, unknown>;
  domain: string | null;
  created_at: Date;
};

export const findTenant = async (em: SqlEntityManager, id: string): Promise<TenantRow | null> => {
  const rows = await em.execute<TenantRow[]>('select id, name, tier, theme, domain, created_at from transport_tenant where id = ?', [id]);

  return rows[0] ?? null;
};

export const findTenantByDomain = async (em: SqlEntityManager, domain: string): Promise<TenantRow | null> => {
  const rows = await em.execute<TenantRow[]>('select id, name, tier, theme, domain, created_at from transport_tenant where domain = ?', [
    domain.toLowerCase(),
  ]);

  return rows[0] ?? null;
};
