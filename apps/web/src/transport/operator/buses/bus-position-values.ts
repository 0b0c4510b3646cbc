export type BusPositionValues = { lat: string; lng: string; heading: string; speed: string };

export const EMPTY_POSITION: BusPositionValues = { lat: '', lng: '', heading: '', speed: '' };

const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));

export const toPosition = (values: BusPositionValues) => ({
  lat: numberOrNull(values.lat),
  lng: numberOrNull(values.lng),
  heading: numberOrNull(values.heading),
  speed: numberOrNull(values.speed),
});

export const positionToValues = (bus: {
  lat: number | null;
  lng: number | null;
  heading: number | null;
  speed: number | null;
}): BusPositionValues => ({
  lat: bus.lat == null ? '' : String(bus.lat),
  lng: bus.lng == null ? '' : String(bus.lng),
  heading: bus.heading == null ? '' : String(bus.heading),
  speed: bus.speed == null ? '' : String(bus.speed),
});
