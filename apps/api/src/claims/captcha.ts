import { DomainError } from '@switchyard/domain/errors';

export type CaptchaVerifier = (token: string | undefined, ip: string) => Promise<void>;

/**
 * Turnstile-compatible siteverify. Without configuration the check is skipped, as documented;
 * with it, a missing, rejected or unverifiable token refuses the intake.
 */
export const createCaptchaVerifier = (config: { secret?: string | undefined; verifyUrl?: string | undefined }): CaptchaVerifier => {
  const { secret, verifyUrl } = config;
  if (!secret || !verifyUrl) {
    return async () => undefined;
  }

  return async (token, ip) => {
    if (!token) {
      throw new DomainError('validation_error', 'Please complete the bot check.');
    }
    let success = false;
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await response.json()) as { success?: unknown };
      success = response.ok && body.success === true;
    } catch (error) {
      throw new DomainError('internal_error', 'The bot check could not be verified. Please try again.', { cause: error });
    }
    if (!success) {
      throw new DomainError('validation_error', 'The bot check failed. Please try again.');
    }
  };
};
