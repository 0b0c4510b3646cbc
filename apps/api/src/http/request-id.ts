import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming id may be: short, and nothing a log line or a header could be confused by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's `X-Request-Id` when it is sane (a proxy's, so one id follows the request), else a new one. */
export const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers['x-request-id'];

  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
};
