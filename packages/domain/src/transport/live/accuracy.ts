/** An estimate is counted as right when the bus came within this of it. */
export const ACCURATE_WITHIN_MS = 2 * 60_000;

export type HorizonAccuracy = { arrivals: number; within_2_minutes: number; share: number | null };

/**
 * How often the estimate made some minutes before an arrival was within two minutes of it
 * (`ACCURATE_WITHIN_MS`), from the counts the database keeps: `judged` arrivals had an estimate at
 * that horizon, `within` of them came within the window. Arrivals without an estimate then (the bus
 * reported too late, or not at all, in the minutes before) are left out rather than counted as misses.
 */
export const horizonAccuracy = (judged: number, within: number): HorizonAccuracy => ({
  arrivals: judged,
  within_2_minutes: within,
  share: judged === 0 ? null : within / judged,
});

/** The horizons (minutes before arrival) whose estimates are kept for the accuracy report. */
export const ESTIMATE_HORIZONS = [10, 5] as const;
export type EstimateHorizon = (typeof ESTIMATE_HORIZONS)[number];

/**
 * The horizon an estimate stands for: made between 5 and 10 minutes before the eta counts for
 * 10, between 0 and 5 for 5. The first such estimate of a stop is kept (a later one does not
 * replace it), so each horizon holds what a family would have been told at that time.
 */
export const horizonsReached = (eta: Date, now: Date): EstimateHorizon[] => {
  const remaining = eta.getTime() - now.getTime();

  return ESTIMATE_HORIZONS.filter((minutes) => remaining <= minutes * 60_000 && remaining > (minutes - 5) * 60_000);
};

/** A stop's estimate this far past its scheduled time tells the families waiting there. */
export const LATE_NOTICE_MINUTES = 10;

export const isLateForNotice = (minutesLate: number | null): boolean => minutesLate !== null && minutesLate >= LATE_NOTICE_MINUTES;
