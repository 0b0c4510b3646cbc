import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './http/request-context.ts';

export type { Logger };

/**
 * Secrets must never reach a log line, whatever a call site passes in: these paths are censored
 * at the logger itself, not left to each caller's care.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-staff-key"]',
  'req.headers.cookie',
  'req.headers["x-hub-signature-256"]',
  'req.headers["x-gitlab-token"]',
  'req.headers["webhook-signature"]',
  'req.headers["x-webhook-signature"]',
  '*.token',
  '*.password',
  '*.secret',
  '*.session_token',
  '*.staffKey',
  '*.apiKey',
];

/**
 * On a terminal, log lines are pretty-printed (pino-pretty, a development dependency); anywhere
 * else (a file, a pipe, a log collector) and where pino-pretty is not installed they stay JSON.
 */
const terminalDestination = (): DestinationStream | null => {
  if (!process.stdout.isTTY) {
    return null;
  }
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;

    return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: false, sync: true });
  } catch {
    return null;
  }
};

export const createLogger = (options: { level: string; name?: string; destination?: DestinationStream }): Logger =>
  pino(
    {
      level: options.level,
      name: options.name,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Every line written while a request is served names it (see http/request-context.ts).
      mixin: () => {
        const id = currentRequestId();

        return id === undefined ? {} : { request_id: id };
      },
    },
    options.destination ?? terminalDestination() ?? pino.destination(1),
  );
