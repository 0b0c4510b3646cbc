/**
 * Wall-clock times of a tenant's time zone (an IANA name such as `America/New_York`), converted
 * with the platform's Intl data only: the zone rules (DST included) are the ones Node ships.
 * Operators type stop times as they read them on a local clock; these turn them into instants
 * and back.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterOf = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }

  return formatter;
};

/**
 * The zone's canonical name when Intl knows it as a named zone, else null. Fixed offsets
 * (`+05:00`) are refused: they are not a place, and would not follow its summer time.
 */
export const canonicalTimeZone = (zone: string): string | null => {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone) || zone.length > 64) {
    return null;
  }
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const wallClockAt = (at: number, zone: string): WallClock => {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') {
      parts[part.type] = Number(part.value);
    }
  }

  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

/** Milliseconds the zone's clock is ahead of UTC at `at` (negative west of Greenwich). */
const offsetAt = (at: number, zone: string): number => {
  const wall = wallClockAt(at, zone);
  const wholeSeconds = Math.floor(at / 1000) * 1000;

  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - wholeSeconds;
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** The local day (`YYYY-MM-DD`) of `at` in the zone. */
export const localDateOf = (at: Date, zone: string): string => {
  const wall = wallClockAt(at.getTime(), zone);

  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
};

/** The local clock time (`HH:MM`) of `at` in the zone. */
export const localTimeOf = (at: Date, zone: string): string => {
  const wall = wallClockAt(at.getTime(), zone);

  return `${pad(wall.hour)}:${pad(wall.minute)}`;
};

/**
 * The instant a local clock shows `time` (`HH:MM`) on `date` (`YYYY-MM-DD`) in the zone. On the
 * day clocks go back, a time that happens twice is its first occurrence; on the day they go
 * forward, a time that never happens is read with the offset before the change (02:30 becomes
 * 03:30), as calendars do.
 */
export const instantInZone = (date: string, time: string, zone: string): Date => {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  // Offsets cannot change twice within a day, so the ones half a day either side are the only candidates.
  const before = offsetAt(wall - 12 * 3_600_000, zone);
  const after = offsetAt(wall + 12 * 3_600_000, zone);
  const matching = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((candidate) => offsetAt(candidate, zone) === wall - candidate);
  if (matching.length > 0) {
    return new Date(Math.min(...matching));
  }

  return new Date(wall - before);
};
