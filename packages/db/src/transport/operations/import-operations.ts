import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TenantImportFile } from '@switchyard/domain/transport/operations/tenant-import';
import { saveBus } from './buses.ts';
import { newRouteValues } from './route-defaults.ts';
import { runOfStops, runsOfRequest, type Run } from '@switchyard/domain/transport/operations/runs';
import { saveRouteWithId, type NewRoute } from './routes.ts';
import { saveSchool } from './schools.ts';

export type ImportCounts = { schools: number; buses: number; routes: number; stops: number };

/**
 * Writes a validated import file into one tenant in one transaction: every row or none. Rows whose
 * id already exists are replaced (a route's stops included); rows the file does not name stay.
 */
export const importOperations = (
  em: SqlEntityManager,
  tenantId: string,
  file: TenantImportFile,
  now: Date,
  /** Asked before each route is saved, inside the transaction (so it sees the routes saved before it); throwing rolls back the file. */
  checkRoute: (tx: SqlEntityManager, routeId: string, route: NewRoute & { runs: Run[] }) => Promise<void> = async () => undefined,
): Promise<ImportCounts> =>
  em.fork().transactional(async (tx) => {
    for (const school of file.schools) {
      await saveSchool(
        tx,
        tenantId,
        {
          id: school.id,
          name: school.name,
          address: school.address ?? null,
          start_time: school.start_time ?? null,
          end_time: school.end_time ?? null,
        },
        true,
      );
    }
    for (const bus of file.buses) {
      await saveBus(
        tx,
        tenantId,
        { id: bus.id, lat: bus.lat ?? null, lng: bus.lng ?? null, heading: bus.heading ?? null, speed: bus.speed ?? null },
        { replace: true, lastUpdate: null },
      );
    }
    let stops = 0;
    for (const route of file.routes) {
      const stopValues = newRouteValues(route);
      const values = {
        ...stopValues,
        runs: route.runs
          ? runsOfRequest({ mode: stopValues.mode, stopCount: stopValues.stops.length, runs: route.runs, stored: [] })
          : runOfStops(stopValues.mode, stopValues.stops),
      };
      stops += values.stops.length;
      await checkRoute(tx, route.id, values);
      await saveRouteWithId(tx, tenantId, route.id, values, { replace: true, now });
    }

    return { schools: file.schools.length, buses: file.buses.length, routes: file.routes.length, stops };
  });
