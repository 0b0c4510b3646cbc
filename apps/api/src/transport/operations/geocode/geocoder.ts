import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '@switchyard/domain/errors';
import {
  GEOCODE_LIMITS,
  readNominatimResults,
  takeProviderTurn,
  type GeocodeResult,
  type SearchArea,
} from '@switchyard/domain/transport/operations/geocode';
import type { Env } from '../../../env.ts';

/**
 * The Nominatim-API geocoder of this process. Nominatim's usage policy allows one request a second
 * from one application: calls queue for their turn, a second apart; a call whose turn would leave
 * it too little of its answer time is refused at once as busy (503 with Retry-After), so every
 * search is answered within TRANSPORT_HTTP_TIMEOUT_MS whatever happens.
 */
export type Geocoder = { search(query: string, area: SearchArea | null): Promise<GeocodeResult[]> };

/** What every request says of itself: the product, and how to reach whoever runs it when given. */
export const geocoderUserAgent = (contact: string | undefined): string =>
  `Switchyard-Transport/1.0 (school transport address search${contact ? `; ${contact}` : ''})`;

/** The least time a request to the provider is given once its turn has come. */
const MIN_REQUEST_MS = 1000;

export const createGeocoder = (
  env: Pick<Env, 'GEOCODER_URL' | 'GEOCODER_CONTACT' | 'TRANSPORT_HTTP_TIMEOUT_MS'>,
  now: () => Date,
): Geocoder | null => {
  const base = env.GEOCODER_URL;
  if (base === null) {
    return null;
  }
  const timeoutMs = env.TRANSPORT_HTTP_TIMEOUT_MS;
  const maxWaitMs = Math.max(0, timeoutMs - MIN_REQUEST_MS);
  const userAgent = geocoderUserAgent(env.GEOCODER_CONTACT);
  let nextFree = 0;

  return {
    search: async (query, area) => {
      const arrived = now().getTime();
      const turn = takeProviderTurn(nextFree, arrived, { intervalMs: GEOCODE_LIMITS.providerIntervalMs, maxWaitMs });
      if (turn.kind === 'busy') {
        throw new DomainError('service_unavailable', 'Address search is busy; try again in a moment, or type the coordinates.', {
          retryAfterSeconds: Math.ceil(turn.retryAfterMs / 1000),
        });
      }
      nextFree = turn.next;
      if (turn.at > arrived) {
        await sleep(turn.at - arrived);
      }
      const url = new URL('/search', base);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', String(GEOCODE_LIMITS.results));
      if (area) {
        // Preferred, not bounded: a school across the county line is still found.
        url.searchParams.set('viewbox', [area.west, area.north, area.east, area.south].map((value) => value.toFixed(4)).join(','));
      }
      let body: unknown;
      let status: number;
      try {
        const response = await fetch(url, {
          headers: { Accept: 'application/json', 'User-Agent': userAgent },
          signal: AbortSignal.timeout(Math.max(MIN_REQUEST_MS, timeoutMs - (turn.at - arrived))),
        });
        status = response.status;
        const text = await response.text();
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new DomainError(
          'bad_gateway',
          timedOut
            ? 'Address search did not answer in time; try again, or type the coordinates.'
            : 'Address search is unreachable right now; type the coordinates instead.',
        );
      }
      const results = status === 200 ? readNominatimResults(body) : null;
      if (results === null) {
        throw new DomainError('bad_gateway', `Address search failed (HTTP ${status}); try again, or type the coordinates.`);
      }

      return results;
    },
  };
};
