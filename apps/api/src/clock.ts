/**
 * Where code reads the time: passed in rather than read from `Date.now()`, so that a test can hand
 * over a clock it moves itself. Milliseconds since the epoch, like `Date.now()`.
 */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };
