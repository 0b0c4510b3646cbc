export type TransportRateLimitRule = { name: string; max: number; windowSeconds: number };

/**
 * Public paths that write without an account, counted per caller address (as the claims intake
 * is): a household signs up once, so twenty an hour leaves room for a school office or a shared
 * connection while a script filling the tables is stopped within the hour. Account sign-ups share
 * one count whether they come through /api/auth/register or straight to the built-in provider.
 */
export const PUBLIC_WRITE_LIMITS = {
  registrationPerAddress: { name: 'transport-registration-ip', max: 20, windowSeconds: 60 * 60 },
  signUpPerAddress: { name: 'transport-signup-ip', max: 20, windowSeconds: 60 * 60 },
  /** Password-reset requests, through /api/auth/recover or straight to the built-in provider. */
  recoverPerAddress: { name: 'transport-recover-ip', max: 20, windowSeconds: 60 * 60 },
  /**
   * Per address typed in, known or not (so the count itself tells nothing about the account): a
   * person who lost the first mail asks again, a script mailing someone over and over is stopped.
   */
  recoverPerEmail: { name: 'transport-recover-email', max: 5, windowSeconds: 60 * 60 },
  /** Setting a password from a mailed link: link tokens cannot be guessed, but trying costs a hash. */
  setPasswordPerAddress: { name: 'transport-set-password-ip', max: 20, windowSeconds: 60 * 60 },
  /**
   * Checkouts asked for on invoice pay pages: each may call a payment provider, and a family pays
   * a handful of invoices at a time, so thirty an hour per address is plenty.
   */
  checkoutPerAddress: { name: 'transport-checkout-ip', max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, TransportRateLimitRule>;

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait before trying again.';
