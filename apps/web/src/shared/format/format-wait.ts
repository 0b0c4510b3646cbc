/**
 * How long a refused caller should wait, in words a person reads at a glance ("2 minutes"): the
 * server's `Retry-After` seconds rounded up to the unit shown, so waiting that long is always enough.
 */
export const formatWait = (seconds: number): string => {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) {
    return whole === 1 ? '1 second' : `${whole} seconds`;
  }
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) {
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  const hours = Math.ceil(minutes / 60);

  return hours === 1 ? '1 hour' : `${hours} hours`;
};
