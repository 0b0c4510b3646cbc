import { dateOf, instantOf } from './trip.ts';
import { FRESH_POSITION_MS } from './eta.ts';

/** A bus's run of today as the schedule has it: its first and last stop times (`HH:MM`, the tenant's clocks). */
export type ScheduledRun = {
  tenantId: string;
  timeZone: string;
  busId: string;
  firstTime: string;
  lastTime: string;
  lastPositionAt: Date | null;
};

/** A bus is on a scheduled run from its run's first stop time to its last, on the tenant's clocks. */
export const isOnScheduledRun = (run: Pick<ScheduledRun, 'timeZone' | 'firstTime' | 'lastTime'>, at: Date): boolean => {
  const date = dateOf(at, run.timeZone);

  return (
    at.getTime() >= instantOf(date, run.firstTime, run.timeZone).getTime() &&
    at.getTime() <= instantOf(date, run.lastTime, run.timeZone).getTime()
  );
};

/**
 * Per tenant with a bus on a scheduled run now, how many of those buses have sent no position for
 * as long as an estimate trusts one (2 minutes): the tracker is off, or the bus is not out. A bus
 * on two routes' runs at once counts once.
 */
export const silentBusesByTenant = (runs: readonly ScheduledRun[], at: Date): Map<string, number> => {
  const onRun = new Map<string, Map<string, boolean>>();
  for (const run of runs) {
    if (!isOnScheduledRun(run, at)) {
      continue;
    }
    const buses = onRun.get(run.tenantId) ?? new Map<string, boolean>();
    const silent = run.lastPositionAt === null || at.getTime() - run.lastPositionAt.getTime() > FRESH_POSITION_MS;
    buses.set(run.busId, silent);
    onRun.set(run.tenantId, buses);
  }

  return new Map([...onRun].map(([tenant, buses]) => [tenant, [...buses.values()].filter(Boolean).length]));
};
