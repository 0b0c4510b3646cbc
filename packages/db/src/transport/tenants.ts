import type { SqlEntityManager } from '@mikro-orm/sql';

export type TenantRow = {
  id: string;
  name: string;
  tier: string;
  theme: Record<string, unknown>;
  domain: string | null;
  /** IANA name; stop times are wall-clock times there. */
  time_zone: string;
  created_at: Date;
};

export const TENANT_COLUMNS = 'id, name, tier, theme, domain, time_zone, created_at';

export const findTenant = async (em: SqlEntityManager, id: string): Promise<TenantRow | null> => {
  const rows = await em.execute<TenantRow[]>(`select ${TENANT_COLUMNS} from transport_tenant where id = ?`, [id]);

  return rows[0] ?? null;
};

export const findTenantByDomain = async (em: SqlEntityManager, domain: string): Promise<TenantRow | null> => {
  const rows = await em.execute<TenantRow[]>(`select ${TENANT_COLUMNS} from transport_tenant where domain = ?`, [
    domain.toLowerCase(),
  ]);

  return rows[0] ?? null;
};

/** The operator's own payment instructions, mailed to approved families when no provider is configured. */
export const readPaymentInstructions = async (em: SqlEntityManager, tenantId: string): Promise<string | null> => {
  const rows = await em.execute<{ payment_instructions: string | null }[]>('select payment_instructions from transport_tenant where id = ?', [tenantId]);

  return rows[0]?.payment_instructions ?? null;
};

/** Sets them (null clears them) and answers what was there before, for the audit row. */
export const writePaymentInstructions = (em: SqlEntityManager, tenantId: string, instructions: string | null): Promise<string | null> =>
  em.fork().transactional(async (tx) => {
    const before = await tx.execute<{ payment_instructions: string | null }[]>('select payment_instructions from transport_tenant where id = ? for update', [tenantId]);
    await tx.execute('update transport_tenant set payment_instructions = ? where id = ?', [instructions, tenantId]);

    return before[0]?.payment_instructions ?? null;
  });

/** Sets the tenant's time zone and answers the one it had, for the audit row (null: no such tenant). */
export const writeTimeZone = (em: SqlEntityManager, tenantId: string, timeZone: string): Promise<string | null> =>
  em.fork().transactional(async (tx) => {
    const before = await tx.execute<{ time_zone: string }[]>('select time_zone from transport_tenant where id = ? for update', [tenantId]);
    await tx.execute('update transport_tenant set time_zone = ? where id = ?', [timeZone, tenantId]);

    return before[0]?.time_zone ?? null;
  });
