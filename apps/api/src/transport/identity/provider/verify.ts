import { normalizeEmail } from '@switchyard/domain/transport/identity/credentials';
import { isLinkKind } from '@switchyard/domain/transport/identity/account-links';
import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { consumeIdentityLink } from '@switchyard/db/transport/identity/identity-links';
import { updateIdentityUser, type IdentityUserRow } from '@switchyard/db/transport/identity/identity-users';
import { refuse } from '../provider-answers.ts';
import { issueSession } from '../provider-sessions.ts';
import { readBody, text, type ProviderHandler } from './provider-call.ts';

/**
 * POST /verify, GoTrue's for mailed links: `token_hash` (or `token` with the `email`) of a
 * `recovery`, `invite` or `email_change` link gives a session, once. A used, expired or unknown
 * link, or one for another address, is GoTrue's 403 otp_expired, whichever it was; the address
 * is checked before the link is spent. An email_change link moves the account to the address
 * it was mailed to; a reset or invitation link's session may then set a password without the
 * current one.
 */
export const verify: ProviderHandler = async (provider, call) => {
  const body = await readBody(call.req);
  const kind = text(body, 'type') ?? '';
  if (!isLinkKind(kind)) {
    throw refuse(400, 'validation_failed', 'Verify requires a verification type of recovery, invite or email_change');
  }
  const presented = text(body, 'token_hash') ?? text(body, 'token') ?? '';
  const email = text(body, 'email');
  const linked = presented
    ? await consumeIdentityLink(
        provider.em,
        digestOpaqueToken(presented),
        kind,
        provider.now(),
        email === undefined ? undefined : normalizeEmail(email),
      )
    : null;
  if (!linked) {
    throw refuse(403, 'otp_expired', 'Email link is invalid or has expired');
  }
  let user: IdentityUserRow = linked;
  if (kind === 'email_change' && linked.new_email !== null) {
    const moved = await updateIdentityUser(provider.em, linked.id, { email: linked.new_email, at: provider.now() });
    if (!moved) {
      throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
    }
    user = moved;
  }

  return { status: 200, body: await issueSession(provider.em, user, provider.now(), undefined, kind !== 'email_change') };
};
