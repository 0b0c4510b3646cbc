/** A bus where it last reported, as the bus list gives it and as location events carry it. */
export type BusPosition = {
  id: string;
  lat: number | null;
  lng: number | null;
  heading: number | null;
  speed: number | null;
  last_update: string | null;
};

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * A `location` event's data (`{bus_id, lat, lng, heading, speed, last_update}`), checked: anything
 * unreadable is dropped rather than drawn in the wrong place.
 */
export const readLocationEvent = (data: string): BusPosition | null => {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const record = value as Record<string, unknown>;
  const id = record.bus_id ?? record.id;
  const lat = numberOrNull(record.lat);
  const lng = numberOrNull(record.lng);
  if (typeof id !== 'string' || lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return null;
  }

  return {
    id,
    lat,
    lng,
    heading: numberOrNull(record.heading),
    speed: numberOrNull(record.speed),
    last_update: typeof record.last_update === 'string' ? record.last_update : null,
  };
};

const timeOf = (bus: BusPosition) => (bus.last_update ? Date.parse(bus.last_update) || 0 : 0);

/** The newer report of each bus, whichever way it came (the list polled, or an event). */
export const mergePositions = (listed: readonly BusPosition[], streamed: Readonly<Record<string, BusPosition>>): BusPosition[] => {
  const byId = new Map(listed.map((bus) => [bus.id, bus]));
  for (const event of Object.values(streamed)) {
    const known = byId.get(event.id);
    if (!known || timeOf(event) >= timeOf(known)) {
      byId.set(event.id, event);
    }
  }

  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
};
