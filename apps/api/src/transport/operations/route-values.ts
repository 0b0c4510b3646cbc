import type { StopInput } from '@switchyard/domain/transport/operations/schemas';
import type { StopValues } from '@switchyard/db/transport/operations/routes';

/** Fills a stop's omitted fields with their stored defaults. */
export const toStopValues = (stop: StopInput): StopValues => ({
  name: stop.name,
  address: stop.address ?? null,
  lat: stop.lat ?? null,
  lng: stop.lng ?? null,
  time: stop.time ?? null,
  riders: stop.riders ?? [],
});
