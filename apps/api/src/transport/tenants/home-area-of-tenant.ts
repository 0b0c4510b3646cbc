import { DomainError } from '@switchyard/domain/errors';
import { tenantHomeArea, type HomeAreaAnswer } from '@switchyard/domain/transport/operations/home-area';
import { readPlacedStops, readSetHomeArea } from '@switchyard/db/transport/tenants/home-area';
import type { Database } from '@switchyard/db/orm';

/** The tenant's home area: the one set, else the one its stops give; null with neither. */
export const homeAreaOfTenant = async (db: Database, tenantId: string): Promise<HomeAreaAnswer | null> => {
  const { found, set } = await readSetHomeArea(db.fork(), tenantId);
  if (!found) {
    throw new DomainError('not_found', 'Tenant not found');
  }

  return tenantHomeArea(set, set === null ? await readPlacedStops(db.fork(), tenantId) : []);
};
