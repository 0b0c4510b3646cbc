import { PUBLIC_WRITE_LIMITS, RATE_LIMITED_MESSAGE } from '@switchyard/domain/transport/public-write-limits';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import { findIdentityUserByEmail } from '@switchyard/db/transport/identity/identity-users';
import { clientAddress } from '../../../http/client-address.ts';
import { isOwnLoopbackCall } from '../own-call.ts';
import { ProviderError, refuseRateLimited } from '../provider-answers.ts';
import { mailLink } from './mail-link.ts';
import { checkedEmail, readBody, text, type ProviderHandler } from './provider-call.ts';

/**
 * POST /recover, GoTrue's password reset request: the same empty 200 whether or not the email has
 * an account, so the answer tells nobody who is registered; only an account gets a mail. Both
 * limits count every request alike, known email or not.
 */
export const recover: ProviderHandler = async (provider, call) => {
  if (!isOwnLoopbackCall(call.req)) {
    const byAddress = await hitRateLimit(
      provider.em,
      PUBLIC_WRITE_LIMITS.recoverPerAddress,
      clientAddress(call.req, provider.trustProxy),
      provider.now(),
    );
    if (!byAddress.allowed) {
      throw refuseRateLimited(RATE_LIMITED_MESSAGE, byAddress.retryAfterSeconds);
    }
  }
  const email = checkedEmail(text(await readBody(call.req), 'email'));
  const byEmail = await hitRateLimit(provider.em, PUBLIC_WRITE_LIMITS.recoverPerEmail, email, provider.now());
  if (!byEmail.allowed) {
    throw new ProviderError(
      429,
      { code: 429, error_code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded', retry_after: byEmail.retryAfterSeconds },
      { 'Retry-After': String(byEmail.retryAfterSeconds) },
    );
  }
  const user = await findIdentityUserByEmail(provider.em, email);
  if (user) {
    await mailLink(provider, user, 'recovery');
  }

  return { status: 200, body: {} };
};
