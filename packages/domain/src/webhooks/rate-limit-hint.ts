/** A refused outbound call, as far as rate-limit hints are concerned. */
export type RefusedCall = {
  /** Response headers, names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The response body parsed as JSON, or undefined when it was not JSON. */
  body: unknown;
  nowMs: number;
};

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;

/** A non-negative finite number, given as a number or as digits (header values are text). */
const amount = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null;
};

const seconds = (value: unknown): number | null => {
  const parsed = amount(value);

  return parsed === null ? null : Math.ceil(parsed * 1000);
};

/** RFC 9110 Retry-After: delay-seconds or an HTTP-date. */
const retryAfterHeader = (value: string | undefined, nowMs: number): number | null => {
  if (value === undefined) {
    return null;
  }
  const delay = seconds(value);
  if (delay !== null) {
    return delay;
  }
  const date = Date.parse(value);

  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
};

/**
 * An exhausted quota's reset, only when the platform says the quota is spent: these headers come
 * on every answer, and a bucket's reset time means nothing while requests remain.
 */
const quotaReset = (headers: RefusedCall['headers'], nowMs: number): number | null => {
  if (headers['x-ratelimit-remaining']?.trim() !== '0') {
    return null;
  }
  // Discord: seconds until the bucket resets.
  const resetAfter = seconds(headers['x-ratelimit-reset-after']);
  if (resetAfter !== null) {
    return resetAfter;
  }
  // GitHub: the reset as Unix time in seconds.
  const resetAt = amount(headers['x-ratelimit-reset']);

  return resetAt === null ? null : Math.max(0, Math.ceil(resetAt * 1000 - nowMs));
};

/**
 * How long the platform asked the caller to wait before trying again, in milliseconds, or null
 * when it gave no hint. Read from every place the supported platforms put one:
 * Telegram `parameters.retry_after` (seconds), Discord `retry_after` (seconds, fractional),
 * Matrix `retry_after_ms`, the `Retry-After` header (Slack, Mattermost, Discord, GitHub, GitLab,
 * newer Matrix servers), and a spent quota's reset (Discord `X-RateLimit-Reset-After`, GitHub
 * `X-RateLimit-Reset`). When several are present the longest wins: calling before any of them
 * has passed would only be refused again.
 */
export const rateLimitHintMs = (call: RefusedCall): number | null => {
  const { body, headers, nowMs } = call;
  const hints = [
    seconds(field(field(body, 'parameters'), 'retry_after')),
    seconds(field(body, 'retry_after')),
    amount(field(body, 'retry_after_ms')),
    retryAfterHeader(headers['retry-after'], nowMs),
    quotaReset(headers, nowMs),
  ].filter((hint): hint is number => hint !== null);

  return hints.length === 0 ? null : Math.ceil(Math.max(...hints));
};
