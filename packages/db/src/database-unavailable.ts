import { isConnectionLost } from './with-retry.ts';

/**
 * What a statement fails with while the database cannot take it, as opposed to refusing it: no
 * pool connection free within the wait limit (pg-pool's own message, which MikroORM passes on
 * without a code), a server that refuses or does not answer new connections (stopped, restarting,
 * failing over, or closed to this database), or a connection lost under the statement.
 */
const UNAVAILABLE =
  /timeout exceeded when trying to connect|Connection terminated due to connection timeout|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|ECONNREFUSED/i;

/** True when `error` (or an error it wraps) says the database is out of reach for now. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isConnectionLost(current) || UNAVAILABLE.test(current.message)) {
      return true;
    }
    current = current.cause;
  }

  return false;
};
