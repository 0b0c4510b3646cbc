import type { SqlEntityManager } from '@mikro-orm/sql';
import type { BusRow } from '@switchyard/db/transport/operations/buses';
import type { RouteRow } from '@switchyard/db/transport/operations/routes';
import { findBusesByIds } from '@switchyard/db/transport/reporting/buses';
import {
  listAllocationsOfHouseholds,
  listChildrenOfHouseholds,
  listInvoicesOfHouseholds,
  listPayersOfHouseholds,
} from '@switchyard/db/transport/billing/household-parts';
import { listRoutesOfBuses, listStopsOfRoutes } from '@switchyard/db/transport/reporting/routes';
import { byId, groupedBy } from '../../graphql-common/batch-loaders.ts';
import { countAccuracyOfRoutes } from '../live/eta-accuracy.ts';

/**
 * The batched reads of one tenant. Every statement names the tenant, so a row of another tenant
 * cannot come back even for an id that exists there.
 */
export const createTenantLoaders = (em: SqlEntityManager, tenantId: string) => ({
  bus: byId<BusRow>((ids) => findBusesByIds(em, tenantId, ids)),
  stopsOfRoute: groupedBy(
    (ids) => listStopsOfRoutes(em, tenantId, ids),
    (row) => row.route_id,
  ),
  accuracyOfRoute: groupedBy(
    (ids) => countAccuracyOfRoutes(em, tenantId, ids),
    (row) => row.route_id,
  ),
  routesOfBus: groupedBy<RouteRow>(
    (ids) => listRoutesOfBuses(em, tenantId, ids),
    (row) => row.bus_id ?? '',
  ),
  children: groupedBy(
    (ids) => listChildrenOfHouseholds(em, tenantId, ids),
    (row) => row.household_id,
  ),
  payers: groupedBy(
    (ids) => listPayersOfHouseholds(em, tenantId, ids),
    (row) => row.household_id,
  ),
  allocations: groupedBy(
    (ids) => listAllocationsOfHouseholds(em, tenantId, ids),
    (row) => row.household_id,
  ),
  invoices: groupedBy(
    (ids) => listInvoicesOfHouseholds(em, tenantId, ids),
    (row) => row.household_id,
  ),
});

export type TenantLoaders = ReturnType<typeof createTenantLoaders>;
