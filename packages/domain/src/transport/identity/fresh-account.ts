/**
 * GoTrue with email confirmation on answers a sign-up for an email whose account is still
 * unconfirmed with that existing account. Registration writes the parent role and tenant into
 * the account it gets back, so it must know the account is the one its sign-up just made: one
 * with nothing granted yet, created within moments (by the provider's clock, allowing for skew).
 */
export const FRESH_ACCOUNT_WINDOW_SECONDS = 5 * 60;

export type SignedUpAccount = { id: string; created_at?: unknown; app_metadata?: Record<string, unknown> | null };

const granted = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

export const isFreshAccount = (account: SignedUpAccount, now: Date): boolean => {
  if (granted(account.app_metadata?.role) || granted(account.app_metadata?.tenant_id)) {
    return false;
  }
  const createdAt = typeof account.created_at === 'string' ? Date.parse(account.created_at) : Number.NaN;

  return Number.isFinite(createdAt) && Math.abs(now.getTime() - createdAt) <= FRESH_ACCOUNT_WINDOW_SECONDS * 1000;
};
