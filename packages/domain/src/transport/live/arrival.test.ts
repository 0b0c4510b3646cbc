import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARRIVAL_DWELL_MS, ARRIVAL_RADIUS_M, stepArrival, type NearStop } from './arrival.ts';
import { distanceMetres } from './geo.ts';

const stops = [
  { position: 1, lat: 32.0, lng: -81.1 },
  { position: 2, lat: 32.01, lng: -81.1 },
];
const at = (seconds: number) => new Date(Date.parse('2026-11-20T07:00:00Z') + seconds * 1000);
// About 22 m north of stop 2, and about 220 m south of it.
const nearTwo = { lat: 32.0102, lng: -81.1 };
const farFromTwo = { lat: 32.008, lng: -81.1 };

const run = (reports: { lat: number; lng: number; seconds: number }[]) => {
  let near: NearStop | null = null;
  const arrivals: { stopPosition: number; at: Date }[] = [];
  for (const report of reports) {
    const step = stepArrival({
      previous: near,
      fix: { lat: report.lat, lng: report.lng, at: at(report.seconds) },
      stops,
      arrived: new Set(arrivals.map((a) => a.stopPosition)),
    });
    near = step.near;
    if (step.arrived) {
      arrivals.push(step.arrived);
    }
  }

  return arrivals;
};

describe('stepArrival', () => {
  it('a drive-by is not an arrival', () => {
    expect(
      run([
        { ...farFromTwo, seconds: 0 },
        { ...nearTwo, seconds: 5 },
        { ...farFromTwo, seconds: 10 },
        { ...farFromTwo, seconds: 30 },
      ]),
    ).toEqual([]);
  });

  it('20 s within 50 m is an arrival, dated from the first report near the stop', () => {
    expect(
      run([
        { ...nearTwo, seconds: 0 },
        { ...nearTwo, seconds: 10 },
        { ...nearTwo, seconds: 20 },
      ]),
    ).toEqual([{ stopPosition: 2, at: at(0) }]);
  });

  it('19 s is not enough, and a stop is reached once', () => {
    expect(
      run([
        { ...nearTwo, seconds: 0 },
        { ...nearTwo, seconds: 19 },
      ]),
    ).toEqual([]);
    expect(
      run([
        { ...nearTwo, seconds: 0 },
        { ...nearTwo, seconds: 25 },
        { ...nearTwo, seconds: 50 },
        { ...nearTwo, seconds: 80 },
      ]),
    ).toHaveLength(1);
  });

  it('leaving and coming back starts the dwell again', () => {
    expect(
      run([
        { ...nearTwo, seconds: 0 },
        { ...farFromTwo, seconds: 10 },
        { ...nearTwo, seconds: 15 },
        { ...nearTwo, seconds: 30 },
      ]),
    ).toEqual([]);
  });

  it('property: no arrival without two reports near the same stop at least 20 s apart', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ near: fc.boolean(), gap: fc.integer({ min: 1, max: 30 }) }), { maxLength: 20 }), (steps) => {
        let seconds = 0;
        const reports = steps.map((step) => ({ ...(step.near ? nearTwo : farFromTwo), seconds: (seconds += step.gap) }));
        const arrivals = run(reports);
        let longestStay = 0;
        let stayStart: number | null = null;
        for (const report of reports) {
          const isNear = report.lat === nearTwo.lat;
          stayStart = isNear ? (stayStart ?? report.seconds) : null;
          longestStay = Math.max(longestStay, stayStart === null ? 0 : report.seconds - stayStart);
        }
        expect(arrivals.length).toBe(longestStay * 1000 >= ARRIVAL_DWELL_MS ? 1 : 0);
      }),
    );
  });

  it('property: no stop is served before the bus was near it, from the arrival time to the report that served it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            lat: fc.double({ min: 31.999, max: 32.011, noNaN: true }),
            lng: fc.double({ min: -81.1005, max: -81.0995, noNaN: true }),
            gap: fc.integer({ min: 1, max: 30 }),
          }),
          { maxLength: 40 },
        ),
        (steps) => {
          let seconds = 0;
          const reports = steps.map((step) => ({ lat: step.lat, lng: step.lng, seconds: (seconds += step.gap) }));
          let near: NearStop | null = null;
          const served = new Set<number>();
          for (const [index, report] of reports.entries()) {
            const step = stepArrival({
              previous: near,
              fix: { lat: report.lat, lng: report.lng, at: at(report.seconds) },
              stops,
              arrived: served,
            });
            near = step.near;
            if (step.arrived) {
              const stop = stops.find((candidate) => candidate.position === step.arrived?.stopPosition);
              const since = (step.arrived.at.getTime() - at(0).getTime()) / 1000;
              // Every report from the arrival time to this one was within the radius of the stop.
              const stay = reports.slice(0, index + 1).filter((candidate) => candidate.seconds >= since);
              expect(stay.length).toBeGreaterThanOrEqual(2);
              for (const candidate of stay) {
                expect(distanceMetres(candidate, stop as { lat: number; lng: number })).toBeLessThanOrEqual(ARRIVAL_RADIUS_M);
              }
              expect(report.seconds - since).toBeGreaterThanOrEqual(ARRIVAL_DWELL_MS / 1000);
              served.add(step.arrived.stopPosition);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
