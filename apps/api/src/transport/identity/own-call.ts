import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The service's own identity client calling the built-in provider on its own port: plain HTTP over
 * loopback, with no proxy in between (a proxy would add forwarding headers). Such calls are exempt
 * from the HTTPS-only rule of production, which otherwise would refuse every sign-in.
 */
export const isOwnLoopbackCall = (req: IncomingMessage): boolean =>
  LOOPBACK.has(req.socket.remoteAddress ?? '') &&
  req.headers['x-forwarded-for'] === undefined &&
  req.headers['x-forwarded-proto'] === undefined &&
  req.headers.forwarded === undefined;
