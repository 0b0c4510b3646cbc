import { rateLimitHintMs } from '@switchyard/domain/webhooks/rate-limit-hint';
import type { Clock } from '../../clock.ts';
import { DeliveryError } from './delivery-error.ts';

export type HttpCall = {
  /** What is being called, for error messages: "telegram sendMessage". */
  what: string;
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
};

const RETRYABLE_STATUSES = new Set([408, 425, 429]);

const excerpt = (text: string): string => text.replace(/\s+/g, ' ').slice(0, 200);

const parsedOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** One JSON call with a timeout; answers the parsed JSON body, or throws a DeliveryError. */
export const callJson = async (call: HttpCall, clock: Clock): Promise<unknown> => {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json', ...call.headers },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${call.timeoutMs} ms` : 'connection failed';
    throw new DeliveryError(`${call.what}: ${reason}`, false);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const hintMs = rateLimitHintMs({ headers: Object.fromEntries(response.headers), body: parsedOrUndefined(text), nowMs: clock.now() });
    // A refusal that says when to come back is a rate limit whatever its status (GitHub answers
    // an exhausted quota with 403), so it is retried rather than recorded as final.
    const permanent = response.status < 500 && !RETRYABLE_STATUSES.has(response.status) && hintMs === null;
    throw new DeliveryError(`${call.what}: HTTP ${response.status} ${excerpt(text)}`.trim(), permanent, hintMs);
  }
  try {
    return text === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    return {};
  }
};

export const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
