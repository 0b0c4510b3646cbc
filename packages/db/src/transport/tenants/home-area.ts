import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';

export type StoredHomeArea = { lat: number; lng: number; zoom: number };

type HomeColumns = { home_lat: number | string | null; home_lng: number | string | null; home_zoom: number | null };

// The driver may hand a double over as text.
const storedArea = (row: HomeColumns): StoredHomeArea | null =>
  row.home_lat === null || row.home_lng === null || row.home_zoom === null
    ? null
    : { lat: Number(row.home_lat), lng: Number(row.home_lng), zoom: row.home_zoom };

/** The home area set on the settings page (null when none), and whether the tenant exists. */
export const readSetHomeArea = async (em: SqlEntityManager, tenantId: string): Promise<{ found: boolean; set: StoredHomeArea | null }> => {
  const row = await db(em)
    .selectFrom('transport_tenant')
    .select(['home_lat', 'home_lng', 'home_zoom'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  if (!row) {
    return { found: false, set: null };
  }

  return { found: true, set: storedArea(row) };
};

/** Every placed stop of the tenant's routes: what the home area is taken from when none is set. */
export const readPlacedStops = async (em: SqlEntityManager, tenantId: string): Promise<{ lat: number; lng: number }[]> => {
  const rows = await db(em)
    .selectFrom('transport_route_stop')
    .select(['lat', 'lng'])
    .where('tenant_id', '=', tenantId)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .execute();

  // The driver may hand a double over as text.
  return rows.flatMap((row) => (row.lat === null || row.lng === null ? [] : [{ lat: Number(row.lat), lng: Number(row.lng) }]));
};

/** Sets (or with null clears) the home area and answers the one before, for the audit row; null: no such tenant. */
export const writeHomeArea = (
  em: SqlEntityManager,
  tenantId: string,
  area: StoredHomeArea | null,
): Promise<{ before: StoredHomeArea | null } | null> =>
  em.fork().transactional(async (tx) => {
    // Locked until the update, so two writers' audit rows each name what the other replaced.
    const row = await db(tx)
      .selectFrom('transport_tenant')
      .select(['home_lat', 'home_lng', 'home_zoom'])
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      return null;
    }
    await db(tx)
      .updateTable('transport_tenant')
      .set({ home_lat: area?.lat ?? null, home_lng: area?.lng ?? null, home_zoom: area?.zoom ?? null })
      .where('id', '=', tenantId)
      .execute();

    return { before: storedArea(row) };
  });
