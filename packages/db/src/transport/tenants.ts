import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TenantTier } from '@switchyard/domain/transport/tenants/schemas';
import { db, jsonb } from '../kysely.ts';

export type TenantRow = {
  id: string;
  name: string;
  tier: TenantTier;
  theme: Record<string, unknown>;
  domain: string | null;
  /** IANA name; stop times are wall-clock times there. */
  time_zone: string;
  created_at: Date;
};

export const TENANT_COLUMNS = ['id', 'name', 'tier', 'theme', 'domain', 'time_zone', 'created_at'] as const;

export const findTenant = async (em: SqlEntityManager, id: string): Promise<TenantRow | null> =>
  (await db(em).selectFrom('transport_tenant').select(TENANT_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;

export const findTenantByDomain = async (em: SqlEntityManager, domain: string): Promise<TenantRow | null> =>
  (await db(em).selectFrom('transport_tenant').select(TENANT_COLUMNS).where('domain', '=', domain.toLowerCase()).executeTakeFirst()) ??
  null;

/** The operator's own payment instructions, mailed to approved families when no provider is configured. */
export const readPaymentInstructions = async (em: SqlEntityManager, tenantId: string): Promise<string | null> => {
  const row = await db(em).selectFrom('transport_tenant').select('payment_instructions').where('id', '=', tenantId).executeTakeFirst();

  return row?.payment_instructions ?? null;
};

/** Sets them (null clears them) and answers what was there before, for the audit row. */
export const writePaymentInstructions = (em: SqlEntityManager, tenantId: string, instructions: string | null): Promise<string | null> =>
  em.fork().transactional(async (tx) => {
    // The row stays locked until the update, so two writers' audit rows each name what the other replaced.
    const before = await db(tx)
      .selectFrom('transport_tenant')
      .select('payment_instructions')
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    await db(tx).updateTable('transport_tenant').set({ payment_instructions: instructions }).where('id', '=', tenantId).execute();

    return before?.payment_instructions ?? null;
  });

/** Sets the tenant's time zone and answers the one it had, for the audit row (null: no such tenant). */
export const writeTimeZone = (em: SqlEntityManager, tenantId: string, timeZone: string): Promise<string | null> =>
  em.fork().transactional(async (tx) => {
    // The row stays locked until the update, so two writers' audit rows each name what the other replaced.
    const before = await db(tx)
      .selectFrom('transport_tenant')
      .select('time_zone')
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    await db(tx).updateTable('transport_tenant').set({ time_zone: timeZone }).where('id', '=', tenantId).execute();

    return before?.time_zone ?? null;
  });

export type TenantPricingRow = { one_way_rate_cents: number; two_way_rate_cents: number; registration_fee_cents: number; currency: string };

const PRICING_COLUMNS = ['one_way_rate_cents', 'two_way_rate_cents', 'registration_fee_cents', 'currency'] as const;

/** The tenant's prices in cents and its currency; null when there is no such tenant. */
export const readTenantPricing = async (em: SqlEntityManager, tenantId: string): Promise<TenantPricingRow | null> =>
  (await db(em).selectFrom('transport_tenant').select(PRICING_COLUMNS).where('id', '=', tenantId).executeTakeFirst()) ?? null;

/**
 * Sets the tenant's prices and answers the ones it had, for the audit row (null: no such tenant).
 * Each child of the tenant is repriced to the new weekly rate of its trip type in the same
 * transaction, so the next invoices, household totals and reports all bill the new rates; the
 * invoices already made keep their amounts and currency.
 */
export const writeTenantPricing = (em: SqlEntityManager, tenantId: string, pricing: TenantPricingRow): Promise<TenantPricingRow | null> =>
  em.fork().transactional(async (tx) => {
    // The row stays locked until the update, so two writers' audit rows each name what the other replaced.
    const before = await db(tx)
      .selectFrom('transport_tenant')
      .select(PRICING_COLUMNS)
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) {
      return null;
    }
    await db(tx).updateTable('transport_tenant').set(pricing).where('id', '=', tenantId).execute();
    await db(tx)
      .updateTable('transport_child')
      .set((eb) => ({
        rate_weekly_cents: eb
          .case()
          .when('trip_type', '=', 'two_way')
          .then(pricing.two_way_rate_cents)
          .else(pricing.one_way_rate_cents)
          .end(),
      }))
      .where('tenant_id', '=', tenantId)
      .execute();

    return before;
  });

/**
 * Replaces the tenant's theme with `change(theme)` and answers the theme it had, for the audit row
 * (null: no such tenant). The row is locked from the read to the write.
 */
export const updateTenantTheme = (
  em: SqlEntityManager,
  tenantId: string,
  change: (theme: Record<string, unknown>) => Record<string, unknown>,
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> } | null> =>
  em.fork().transactional(async (tx) => {
    const row = await db(tx).selectFrom('transport_tenant').select('theme').where('id', '=', tenantId).forUpdate().executeTakeFirst();
    if (!row) {
      return null;
    }
    const before = (typeof row.theme === 'string' ? JSON.parse(row.theme) : (row.theme ?? {})) as Record<string, unknown>;
    const after = change(before);
    await db(tx)
      .updateTable('transport_tenant')
      .set({ theme: jsonb(after) })
      .where('id', '=', tenantId)
      .execute();

    return { before, after };
  });
