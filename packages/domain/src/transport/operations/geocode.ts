import { z } from 'zod';

/**
 * Address search through a geocoder speaking the Nominatim API (docs/transport.md, "Address
 * search"). The query is normalised before it is asked or looked up, so "Oak  St" and "oak st"
 * share one stored answer.
 */

export const GEOCODE_LIMITS = {
  /** Shorter than this finds a country or nothing; the field asks for more first. */
  minQuery: 3,
  maxQuery: 200,
  /** Results offered to choose from. */
  results: 5,
  /** Nominatim's usage policy: at most one request a second from one process. */
  providerIntervalMs: 1000,
  /** A stored answer is served this long; streets rarely move, new ones appear. */
  answerDays: 30,
} as const;

/** Per operator (tenant and account), counted with the shared rate-limit table. */
export const GEOCODE_CALL_LIMIT = { name: 'transport-geocode-user', max: 30, windowSeconds: 60 } as const;

export const geocodeInput = z.strictObject({
  q: z
    .string()
    .trim()
    .min(GEOCODE_LIMITS.minQuery, `must be at least ${GEOCODE_LIMITS.minQuery} characters`)
    .max(GEOCODE_LIMITS.maxQuery, `must be at most ${GEOCODE_LIMITS.maxQuery} characters`),
});
export type GeocodeInput = z.infer<typeof geocodeInput>;

export type GeocodeResult = { label: string; lat: number; lng: number };

/** Unicode-normalised, lower case, single spaces, no spaces around commas: the stored answer's key. */
export const normalizeGeocodeQuery = (query: string): string =>
  query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim();

/** A box around the tenant's home area that results are preferred in, rounded so nearby homes share answers. */
export type SearchArea = { west: number; south: number; east: number; north: number };

/** The part of the stored answer's key that depends on where the tenant is: "any" without a home area. */
export const searchAreaKey = (area: SearchArea | null): string =>
  area === null ? 'any' : [area.west, area.south, area.east, area.north].map((value) => value.toFixed(1)).join(',');

const finite = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;

  return Number.isFinite(number) ? number : null;
};

/**
 * Nominatim's `format=jsonv2` answer read as results: entries without a name or with coordinates
 * out of range are left out; a body that is not a list is null (the provider failed).
 */
export const readNominatimResults = (body: unknown): GeocodeResult[] | null => {
  if (!Array.isArray(body)) {
    return null;
  }
  const results: GeocodeResult[] = [];
  for (const entry of body as unknown[]) {
    if (typeof entry !== 'object' || entry === null) {
      continue;
    }
    const { display_name: label, lat, lon } = entry as Record<string, unknown>;
    const latitude = finite(lat);
    const longitude = finite(lon);
    if (
      typeof label !== 'string' ||
      label.trim() === '' ||
      latitude === null ||
      longitude === null ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    ) {
      continue;
    }
    results.push({ label: label.trim().slice(0, 500), lat: latitude, lng: longitude });
    if (results.length === GEOCODE_LIMITS.results) {
      break;
    }
  }

  return results;
};

/**
 * When the next provider call of this process may go: `at` is that moment, `next` when the one
 * after may. A call whose turn is further away than `maxWaitMs` is refused (`busy`), so a queue
 * never holds a caller past the answer time it was promised.
 */
export type ProviderTurn = { kind: 'go'; at: number; next: number } | { kind: 'busy'; retryAfterMs: number };

export const takeProviderTurn = (nextFree: number, now: number, options: { intervalMs: number; maxWaitMs: number }): ProviderTurn => {
  const at = Math.max(nextFree, now);
  if (at - now > options.maxWaitMs) {
    return { kind: 'busy', retryAfterMs: at - now };
  }

  return { kind: 'go', at, next: at + options.intervalMs };
};
