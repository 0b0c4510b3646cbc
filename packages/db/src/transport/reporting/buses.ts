import type { SqlEntityManager } from '@mikro-orm/sql';
import { selectBuses, type BusRow } from '../operations/buses.ts';

/** Several buses of one tenant by id; ids the tenant has no bus for are absent. */
export const findBusesByIds = (em: SqlEntityManager, tenantId: string, ids: readonly string[]): Promise<BusRow[]> =>
  selectBuses(em, tenantId).where('id', 'in', ids).execute();
