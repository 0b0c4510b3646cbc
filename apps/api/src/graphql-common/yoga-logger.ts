import type { YogaLogger } from 'graphql-yoga';
import type { Logger } from '../logger.ts';

/** Yoga's own messages go to the service log; they never carry request headers, so never a key or token. */
export const yogaLogger = (logger: Logger): YogaLogger => {
  const line = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : 'graphql');
  const err = (args: unknown[]) => args.find((arg) => arg instanceof Error);

  return {
    debug: (...args) => logger.debug(line(args)),
    info: (...args) => logger.info(line(args)),
    warn: (...args) => logger.warn({ err: err(args) }, line(args)),
    error: (...args) => logger.error({ err: err(args) }, line(args)),
  };
};
