import { DomainError } from '@switchyard/domain/errors';
import { tenantHomeArea, type HomeAreaAnswer } from '@switchyard/domain/transport/operations/home-area';
import { readPlacedStops, readSetHomeArea } from '@switchyard/db/transport/tenants/home-area';
import type { SqlEntityManager } from '@mikro-orm/sql';

/** The tenant's home area: the one set, else the one its stops give; null with neither. */
export const homeAreaOfTenant = async (em: SqlEntityManager, tenantId: string): Promise<HomeAreaAnswer | null> => {
  const { found, set } = await readSetHomeArea(em, tenantId);
  if (!found) {
    throw new DomainError('not_found', 'Tenant not found');
  }

  return tenantHomeArea(set, set === null ? await readPlacedStops(em, tenantId) : []);
};
