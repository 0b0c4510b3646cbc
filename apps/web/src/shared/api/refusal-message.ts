import { formatWait } from '../format/format-wait.ts';
import type { AppErrorInfo } from './read-app-error.ts';

/**
 * What a form shows for a refusal that is not about one field. A rate limit says how long to wait
 * (from the server's `Retry-After`) instead of a vague "wait before trying again".
 */
export const refusalMessage = (info: AppErrorInfo, what: string): string =>
  info.code === 'rate_limited' && info.retryAfterSeconds !== undefined
    ? `Too many ${what}. Try again in ${formatWait(info.retryAfterSeconds)}.`
    : info.message;
