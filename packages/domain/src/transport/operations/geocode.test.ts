import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geocodeInput, normalizeGeocodeQuery, readNominatimResults, searchAreaKey, takeProviderTurn } from './geocode.ts';

describe('normalizeGeocodeQuery', () => {
  it('folds case, width and spacing so one address has one key', () => {
    expect(normalizeGeocodeQuery('  Oak   St ,Savannah ')).toBe('oak st, savannah');
    expect(normalizeGeocodeQuery('ＯＡＫ st')).toBe('oak st');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (text) => normalizeGeocodeQuery(normalizeGeocodeQuery(text)) === normalizeGeocodeQuery(text)));
  });
});

describe('geocodeInput', () => {
  it('takes a query of 3 to 200 characters and nothing else', () => {
    expect(geocodeInput.parse({ q: ' Oak St ' })).toEqual({ q: 'Oak St' });
    expect(geocodeInput.safeParse({ q: 'ab' }).success).toBe(false);
    expect(geocodeInput.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(geocodeInput.safeParse({ q: 'Oak St', limit: 50 }).success).toBe(false);
  });
});

describe('readNominatimResults', () => {
  it('reads label and coordinates, leaving out broken entries, five at most', () => {
    const good = { display_name: 'Oak Street, Savannah', lat: '32.05', lon: '-81.1' };
    expect(
      readNominatimResults([good, { display_name: '', lat: '1', lon: '1' }, { display_name: 'x', lat: '91', lon: '0' }, null, 'text']),
    ).toEqual([{ label: 'Oak Street, Savannah', lat: 32.05, lng: -81.1 }]);
    expect(readNominatimResults(Array.from({ length: 9 }, () => good))).toHaveLength(5);
  });

  it('calls anything but a list a failure', () => {
    expect(readNominatimResults({ error: 'no' })).toBeNull();
    expect(readNominatimResults(null)).toBeNull();
    expect(readNominatimResults([])).toEqual([]);
  });
});

describe('searchAreaKey', () => {
  it('rounds the box to a tenth of a degree', () => {
    expect(searchAreaKey(null)).toBe('any');
    expect(searchAreaKey({ west: -81.234, south: 31.96, east: -80.91, north: 32.18 })).toBe('-81.2,32.0,-80.9,32.2');
  });
});

describe('takeProviderTurn', () => {
  const options = { intervalMs: 1000, maxWaitMs: 3000 };

  it('spaces calls a second apart and refuses a turn further away than the wait allowed', () => {
    let nextFree = 0;
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const turn = takeProviderTurn(nextFree, 10_000, options);
      expect(turn.kind).toBe('go');
      if (turn.kind === 'go') {
        waits.push(turn.at - 10_000);
        nextFree = turn.next;
      }
    }
    expect(waits).toEqual([0, 1000, 2000, 3000]);
    expect(takeProviderTurn(nextFree, 10_000, options)).toEqual({ kind: 'busy', retryAfterMs: 4000 });
  });

  it('never lets two granted turns come closer than the interval', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5000), { minLength: 1, maxLength: 30 }), (gaps) => {
        let now = 0;
        let nextFree = 0;
        const granted: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const turn = takeProviderTurn(nextFree, now, options);
          if (turn.kind === 'go') {
            expect(turn.at - now).toBeLessThanOrEqual(options.maxWaitMs);
            granted.push(turn.at);
            nextFree = turn.next;
          }
        }
        granted.slice(1).forEach((at, index) => expect(at - (granted[index] ?? 0)).toBeGreaterThanOrEqual(options.intervalMs));
      }),
    );
  });
});
