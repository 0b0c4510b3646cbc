/**
 * A live stream's event id is the position's time in milliseconds since the epoch. A reconnecting
 * client's Last-Event-ID therefore says how recent its picture is: it gets every bus whose latest
 * position is newer (positions in between are not replayed: a map needs the latest one). Anything
 * else in the header is ignored, and the client gets every bus's latest position.
 */
export const lastEventTime = (header: string | null): Date | null => {
  if (header === null || !/^\d{1,15}$/.test(header.trim())) {
    return null;
  }

  return new Date(Number(header.trim()));
};
