import type { IncomingMessage } from 'node:http';

/**
 * The caller's address for per-address limits. Behind a trusted proxy (TRUST_PROXY) it is the last
 * X-Forwarded-For entry, the one our own proxy appended; earlier entries are the client's say-so.
 */
export const clientAddress = (req: IncomingMessage, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    const last = value
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (last) {
      return last;
    }
  }

  return req.socket.remoteAddress ?? 'unknown';
};
