/**
 * A live stream's event id is the position's time in milliseconds since the epoch. A reconnecting
 * client's Last-Event-ID therefore says how recent its picture is: it gets every bus whose latest
 * position is newer (positions in between are not replayed: a map needs the latest one). Anything
 * else in the header is ignored, and the client gets every bus's latest position: text that is
 * not a whole number, and a time no position can have had yet (after `now`, which includes every
 * time past year 9999 and every one a date cannot hold), so no impossible instant reaches a query.
 */
export const lastEventTime = (header: string | null, now: Date): Date | null => {
  const text = header?.trim() ?? '';
  if (!/^\d{1,15}$/.test(text)) {
    return null;
  }
  const ms = Number(text);

  return ms <= now.getTime() ? new Date(ms) : null;
};
