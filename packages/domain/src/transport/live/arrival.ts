import { distanceMetres, type LatLng } from './geo.ts';

/** A stop counts as reached when the bus stays this close to it ... */
export const ARRIVAL_RADIUS_M = 50;
/** ... for this long: a bus driving past does not arrive. */
export const ARRIVAL_DWELL_MS = 20_000;

/** What is kept per bus between reports (in the database, so every API process sees it). */
export type NearStop = { stopPosition: number; since: Date };

export type ArrivalStep = {
  /** The state to keep after this report; null when the bus is near no stop still to be reached. */
  near: NearStop | null;
  /** The stop reached with this report, and since when the bus has been there. */
  arrived: { stopPosition: number; at: Date } | null;
};

/**
 * One location report against the trip's stops. The nearest stop within the radius that has no
 * arrival yet is the one the bus is at; the same stop as before keeps its `since`, so the dwell is
 * measured from the first report near it. Reports only: between two reports the bus is assumed to
 * have stayed where the last one put it, so trackers should report at least every 20 s near stops.
 */
export const stepArrival = (input: {
  previous: NearStop | null;
  fix: LatLng & { at: Date };
  stops: readonly { position: number; lat: number | null; lng: number | null }[];
  arrived: ReadonlySet<number>;
}): ArrivalStep => {
  let nearest: { position: number; metres: number } | null = null;
  for (const stop of input.stops) {
    if (stop.lat === null || stop.lng === null || input.arrived.has(stop.position)) {
      continue;
    }
    const metres = distanceMetres(input.fix, { lat: stop.lat, lng: stop.lng });
    if (metres <= ARRIVAL_RADIUS_M && (nearest === null || metres < nearest.metres)) {
      nearest = { position: stop.position, metres };
    }
  }
  if (nearest === null) {
    return { near: null, arrived: null };
  }
  const since = input.previous?.stopPosition === nearest.position ? input.previous.since : input.fix.at;
  if (input.fix.at.getTime() - since.getTime() >= ARRIVAL_DWELL_MS) {
    return { near: null, arrived: { stopPosition: nearest.position, at: since } };
  }

  return { near: { stopPosition: nearest.position, since }, arrived: null };
};
