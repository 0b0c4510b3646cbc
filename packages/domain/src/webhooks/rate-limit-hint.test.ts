import { describe, expect, it } from 'vitest';
import { rateLimitHintMs } from './rate-limit-hint.ts';
import { retryDelayMs } from './retry-backoff.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const hint = (body: unknown, headers: Record<string, string> = {}) => rateLimitHintMs({ body, headers, nowMs: NOW });

describe('rateLimitHintMs', () => {
  it('Telegram: parameters.retry_after in seconds', () => {
    expect(hint({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 35', parameters: { retry_after: 35 } })).toBe(
      35_000,
    );
  });

  it('Discord: retry_after in fractional seconds, and the Retry-After header; the longer wins', () => {
    expect(hint({ message: 'You are being rate limited.', retry_after: 0.345, global: false })).toBe(345);
    expect(hint({ retry_after: 1.5 }, { 'retry-after': '1' })).toBe(1500);
    expect(hint({ retry_after: 0.2 }, { 'retry-after': '3' })).toBe(3000);
  });

  it('Discord: a spent bucket resets after X-RateLimit-Reset-After seconds', () => {
    expect(hint({}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '2.25' })).toBe(2250);
  });

  it('Matrix: retry_after_ms', () => {
    expect(hint({ errcode: 'M_LIMIT_EXCEEDED', error: 'Too many requests', retry_after_ms: 2000 })).toBe(2000);
  });

  it('Slack, Mattermost, GitLab: Retry-After in seconds or as an HTTP date', () => {
    expect(hint({ ok: false, error: 'ratelimited' }, { 'retry-after': '30' })).toBe(30_000);
    expect(hint(undefined, { 'retry-after': 'Mon, 23 Nov 2026 12:00:42 GMT' })).toBe(42_000);
    // A date already passed: call again now.
    expect(hint(undefined, { 'retry-after': 'Mon, 23 Nov 2026 11:59:00 GMT' })).toBe(0);
  });

  it('GitHub: Retry-After, or the reset time of a spent quota', () => {
    expect(hint({ message: 'secondary rate limit' }, { 'retry-after': '60' })).toBe(60_000);
    expect(hint({}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) })).toBe(90_000);
  });

  it('no hint: nothing usable, or quota headers while requests remain', () => {
    expect(hint(undefined)).toBeNull();
    expect(hint({ ok: false, description: 'Bad Request: chat not found' })).toBeNull();
    expect(hint({}, { 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(NOW / 1000 + 90) })).toBeNull();
    expect(hint({ retry_after: -5, retry_after_ms: 'soon' }, { 'retry-after': 'whenever' })).toBeNull();
    expect(hint(['retry_after', 5])).toBeNull();
  });
});

describe('retry delay with a hint', () => {
  const policy = { baseMs: 1000, maxMs: 60_000 };

  it('never earlier than the hint, jittered upwards only', () => {
    expect(retryDelayMs(1, policy, 0, 20_000)).toBe(20_000);
    expect(retryDelayMs(1, policy, 0.5, 20_000)).toBe(22_000);
    expect(retryDelayMs(1, policy, 0.999, 20_000)).toBeLessThanOrEqual(24_000);
  });

  it('the backoff when it is longer than the hint', () => {
    expect(retryDelayMs(2, policy, 0, 500)).toBe(60_000);
  });

  it('a hint longer than the longest wait is capped there', () => {
    expect(retryDelayMs(1, policy, 0, 3_600_000)).toBe(60_000);
    expect(retryDelayMs(1, policy, 0.9, 59_000)).toBe(60_000);
  });
});
