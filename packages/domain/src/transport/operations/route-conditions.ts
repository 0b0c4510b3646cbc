/**
 * Traffic conditions of a route (decisions §3): the stops' bounding box, padded, asked of the
 * traffic provider; its incidents summarised as clear, moderate or heavy.
 */

export const BBOX_PADDING_DEGREES = 0.01;
export const HEAVY_MAGNITUDE = 3;
export const ROAD_CLOSED_ICON = 8;
export const HEAVY_INCIDENT_COUNT = 5;

export type ConditionsSummary = 'clear' | 'moderate' | 'heavy' | 'unavailable';

type Point = { lat: number | null; lng: number | null };

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** `minLon,minLat,maxLon,maxLat`, or null when no stop has both coordinates. */
export const routeBbox = (stops: readonly Point[]): string | null => {
  const points = stops.filter((stop): stop is { lat: number; lng: number } => stop.lat !== null && stop.lng !== null);
  if (points.length === 0) {
    return null;
  }
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const clampLat = (value: number) => Math.max(-90, Math.min(90, value));
  const clampLng = (value: number) => Math.max(-180, Math.min(180, value));

  return [
    clampLng(Math.min(...lngs) - BBOX_PADDING_DEGREES),
    clampLat(Math.min(...lats) - BBOX_PADDING_DEGREES),
    clampLng(Math.max(...lngs) + BBOX_PADDING_DEGREES),
    clampLat(Math.max(...lats) + BBOX_PADDING_DEGREES),
  ]
    .map(round)
    .join(',');
};

const ICON_LABELS: Record<number, string> = {
  0: 'unknown',
  1: 'accident',
  2: 'fog',
  3: 'dangerous_conditions',
  4: 'rain',
  5: 'ice',
  6: 'jam',
  7: 'lane_closed',
  8: 'road_closed',
  9: 'road_works',
  10: 'wind',
  11: 'flooding',
  14: 'broken_down_vehicle',
};

const MAGNITUDE_LABELS = ['unknown', 'minor', 'moderate', 'major', 'indefinite'] as const;

export type TrafficIncident = {
  id: string | null;
  category: string;
  icon_category: number | null;
  magnitude_of_delay: number | null;
  magnitude: string;
  description: string | null;
  from: string | null;
  to: string | null;
  delay_seconds: number | null;
  length_meters: number | null;
  start_time: string | null;
  end_time: string | null;
};

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const asText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** One TomTom v5 incident feature, reduced to the fields an operator reads. */
export const toTrafficIncident = (feature: unknown): TrafficIncident => {
  const properties = asRecord(asRecord(feature).properties);
  const icon = asNumber(properties.iconCategory);
  const magnitude = asNumber(properties.magnitudeOfDelay);
  const events = Array.isArray(properties.events) ? properties.events : [];
  const description = events
    .map((event) => asText(asRecord(event).description))
    .filter((value) => value !== null)
    .join('; ');

  return {
    id: asText(properties.id),
    category: icon === null ? 'unknown' : (ICON_LABELS[icon] ?? 'unknown'),
    icon_category: icon,
    magnitude_of_delay: magnitude,
    magnitude: magnitude === null ? 'unknown' : (MAGNITUDE_LABELS[magnitude] ?? 'unknown'),
    description: description || null,
    from: asText(properties.from),
    to: asText(properties.to),
    delay_seconds: asNumber(properties.delay),
    length_meters: asNumber(properties.length),
    start_time: asText(properties.startTime),
    end_time: asText(properties.endTime),
  };
};

/** The provider's answer body to incidents, or null when it is not the documented shape. */
export const readIncidents = (body: unknown): TrafficIncident[] | null => {
  const incidents = asRecord(body).incidents;

  return Array.isArray(incidents) ? incidents.map(toTrafficIncident) : null;
};

export const summarizeIncidents = (incidents: readonly TrafficIncident[]): Exclude<ConditionsSummary, 'unavailable'> => {
  if (incidents.length === 0) {
    return 'clear';
  }
  const severe = incidents.some(
    (incident) => (incident.magnitude_of_delay ?? 0) >= HEAVY_MAGNITUDE || incident.icon_category === ROAD_CLOSED_ICON,
  );

  return severe || incidents.length >= HEAVY_INCIDENT_COUNT ? 'heavy' : 'moderate';
};

/** A school is served by a route when one of its stops carries the school's name or address. */
export const servesSchool = (
  stops: readonly { name: string; address: string | null }[],
  school: { name: string; address: string | null },
): boolean => {
  const normal = (value: string | null) => value?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';
  const schoolName = normal(school.name);
  const schoolAddress = normal(school.address);

  return stops.some(
    (stop) => (schoolName !== '' && normal(stop.name) === schoolName) || (schoolAddress !== '' && normal(stop.address) === schoolAddress),
  );
};
