/** Timestamps leave the service as `YYYY-MM-DDTHH:MM:SSZ`: UTC, whole seconds. */
export const toIsoSeconds = (value: Date | string): string => new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const toIsoSecondsOrNull = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : toIsoSeconds(value);
