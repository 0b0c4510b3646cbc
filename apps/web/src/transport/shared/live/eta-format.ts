/**
 * Stop times are `HH:MM` on the clocks of the tenant's time zone (docs/transport.md, "Live buses"),
 * which the answers name (`time_zone`), so an estimate is shown on the same clock, not the
 * browser's: the two columns can be compared at a glance wherever the reader is.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();

const clockOf = (timeZone: string): Intl.DateTimeFormat => {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    clocks.set(timeZone, clock);
  }

  return clock;
};

export const clockTime = (at: string | null | undefined, timeZone = 'UTC'): string => {
  if (!at) {
    return '—';
  }
  const time = new Date(at);

  return Number.isNaN(time.getTime()) ? '—' : clockOf(timeZone).format(time);
};

/** "On time" within a minute either way, else "4 min late" / "2 min early"; nothing known is a dash. */
export const lateness = (minutesLate: number | null | undefined): string => {
  if (minutesLate == null) {
    return '—';
  }
  if (Math.abs(minutesLate) < 1) {
    return 'On time';
  }

  return minutesLate > 0 ? `${minutesLate} min late` : `${-minutesLate} min early`;
};

/** "18 of 20 within 2 minutes (90%)", or a plain sentence when there is nothing to count yet. */
export const accuracySentence = (horizon: { arrivals: number; within_2_minutes: number; share: number | null }): string =>
  horizon.arrivals === 0 || horizon.share === null
    ? 'no arrivals measured yet'
    : `${horizon.within_2_minutes} of ${horizon.arrivals} within 2 minutes (${Math.round(horizon.share * 100)}%)`;
