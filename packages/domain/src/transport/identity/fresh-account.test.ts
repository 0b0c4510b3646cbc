import { describe, expect, it } from 'vitest';
import { FRESH_ACCOUNT_WINDOW_SECONDS, isFreshAccount } from './fresh-account.ts';

const now = new Date('2026-11-25T10:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('isFreshAccount', () => {
  it('accepts an account created moments ago with no role or tenant granted', () => {
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(1), app_metadata: { provider: 'email', providers: ['email'] } }, now)).toBe(
      true,
    );
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(0) }, now)).toBe(true);
    // Two clocks never agree exactly: a provider a little ahead still made it just now.
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(-30) }, now)).toBe(true);
  });

  it('refuses an account that already has a role or a tenant in app metadata', () => {
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(1), app_metadata: { role: 'operator' } }, now)).toBe(false);
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(1), app_metadata: { tenant_id: 'acme' } }, now)).toBe(false);
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(1), app_metadata: { role: 'parent', tenant_id: 'acme' } }, now)).toBe(false);
  });

  it('refuses an account created before the window, or with no creation time to judge by', () => {
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(FRESH_ACCOUNT_WINDOW_SECONDS + 1) }, now)).toBe(false);
    expect(isFreshAccount({ id: '1', created_at: secondsAgo(-(FRESH_ACCOUNT_WINDOW_SECONDS + 1)) }, now)).toBe(false);
    expect(isFreshAccount({ id: '1', created_at: '2026-01-05T09:00:00Z' }, now)).toBe(false);
    expect(isFreshAccount({ id: '1' }, now)).toBe(false);
    expect(isFreshAccount({ id: '1', created_at: 'yesterday' }, now)).toBe(false);
    expect(isFreshAccount({ id: '1', created_at: 12 }, now)).toBe(false);
  });
});
