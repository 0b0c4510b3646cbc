/**
 * How old a position is, in words a dispatcher reads at a glance: "just now", "45 s ago",
 * "2 min ago", "1 h 5 min ago", "3 days ago". A time slightly in the future (the tracker's clock
 * ahead of the reader's) counts as now; an unreadable one gives "never".
 */
export const formatAge = (at: string | null | undefined, now: number): string => {
  if (!at) {
    return 'never';
  }
  const time = Date.parse(at);
  if (Number.isNaN(time)) {
    return 'never';
  }
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 10) {
    return 'just now';
  }
  if (seconds < 60) {
    return `${seconds} s ago`;
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return `${minutes} min ago`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;

    return rest === 0 ? `${hours} h ago` : `${hours} h ${rest} min ago`;
  }
  const days = Math.floor(hours / 24);

  return days === 1 ? '1 day ago' : `${days} days ago`;
};

/** Older than this, a position is drawn faded: the bus may have moved on long since. */
export const STALE_AFTER_MS = 15 * 60_000;

export const isStale = (at: string | null | undefined, now: number): boolean =>
  !at || Number.isNaN(Date.parse(at)) || now - Date.parse(at) > STALE_AFTER_MS;
