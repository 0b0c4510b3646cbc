import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import type { BusRow } from '../operations/buses.ts';

/** Several buses of one tenant by id; ids the tenant has no bus for are absent. */
export const findBusesByIds = async (em: SqlEntityManager, tenantId: string, ids: readonly string[]): Promise<BusRow[]> => {
  const rows = await db(em)
    .selectFrom('transport_bus')
    .select(['tenant_id', 'id', 'lat', 'lng', 'heading', 'speed', 'last_update'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();

  // A double precision column comes back from the driver as a number.
  return rows as BusRow[];
};
