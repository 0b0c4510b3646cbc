import { mergeMetadata } from '@switchyard/domain/transport/identity/metadata';
import { PUBLIC_WRITE_LIMITS, RATE_LIMITED_MESSAGE } from '@switchyard/domain/transport/public-write-limits';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import { clientAddress } from '../../../http/client-address.ts';
import { createBuiltinUser } from '../builtin-users.ts';
import { isOwnLoopbackCall } from '../own-call.ts';
import { refuse, refuseRateLimited } from '../provider-answers.ts';
import { issueSession } from '../provider-sessions.ts';
import { checkedEmail, checkedPassword, metadata, readBody, refuseSelfAssignedRole, text, type ProviderHandler } from './provider-call.ts';

/**
 * POST /signup. Sign-ups count against the same per-address limit as /api/auth/register; the
 * service's own calls are left out, /api/auth/register has already counted them by the caller's
 * address.
 */
export const signUp: ProviderHandler = async (provider, call) => {
  if (!isOwnLoopbackCall(call.req)) {
    const hit = await hitRateLimit(
      provider.em,
      PUBLIC_WRITE_LIMITS.signUpPerAddress,
      clientAddress(call.req, provider.trustProxy),
      provider.now(),
    );
    if (!hit.allowed) {
      throw refuseRateLimited(RATE_LIMITED_MESSAGE, hit.retryAfterSeconds);
    }
  }
  const body = await readBody(call.req);
  const email = checkedEmail(text(body, 'email'));
  const password = checkedPassword(text(body, 'password'));
  const data = metadata(body, 'data') ?? {};
  refuseSelfAssignedRole(data);
  const created = await createBuiltinUser(provider.em, { email, password, userMetadata: mergeMetadata(null, data), at: provider.now() });
  if (!created) {
    throw refuse(422, 'user_already_exists', 'User already registered');
  }

  // Sign-ups are confirmed at once here, so GoTrue's autoconfirm answer applies: a session.
  return { status: 200, body: await issueSession(provider.em, created, provider.now()) };
};
