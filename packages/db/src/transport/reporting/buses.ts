import type { SqlEntityManager } from '@mikro-orm/sql';
import type { BusRow } from '../operations/buses.ts';
import { placeholders } from './keyset.ts';

/** Several buses of one tenant by id; ids the tenant has no bus for are absent. */
export const findBusesByIds = (em: SqlEntityManager, tenantId: string, ids: readonly string[]): Promise<BusRow[]> =>
  em.execute<BusRow[]>(
    `select tenant_id, id, lat, lng, heading, speed, last_update from transport_bus where tenant_id = ? and id in (${placeholders(ids)})`,
    [tenantId, ...ids],
  );
