import { mergeMetadata, selfMovedTenantProblem } from '@switchyard/domain/transport/identity/metadata';
import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import { deleteAllIdentityLinks } from '@switchyard/db/transport/identity/identity-links';
import { endIdentitySessions, isTokenViaLink } from '@switchyard/db/transport/identity/identity-tokens';
import {
  findIdentityUserByEmail,
  updateIdentityUser,
  type IdentityUserChanges,
  type IdentityUserRow,
} from '@switchyard/db/transport/identity/identity-users';
import { presentProviderUser } from '../builtin-users.ts';
import { enqueueEmailChangeNotice } from '../identity-mail.ts';
import { hashPassword, verifyPassword } from '../password-hash.ts';
import { refuse, refuseRateLimited } from '../provider-answers.ts';
import { mailLink } from './mail-link.ts';
import {
  checkedEmail,
  checkedPassword,
  metadata,
  PASSWORD_ATTEMPTS,
  refuseSelfAssignedRole,
  text,
  type Provider,
} from './provider-call.ts';

/**
 * A password set from a signed-in session needs the current one, unless a mailed reset or
 * invitation link gave that session (the person proved the mailbox, and knows no password).
 * So a token taken from a browser cannot lock the owner out. Wrong guesses count against the
 * sign-in limit of the account.
 */
const requireCurrentPassword = async (
  provider: Provider,
  user: IdentityUserRow,
  bearer: string,
  current: string | undefined,
): Promise<void> => {
  if (await isTokenViaLink(provider.em, digestOpaqueToken(bearer))) {
    return;
  }
  if (current === undefined) {
    throw refuse(400, 'current_password_required', 'current_password is required to set a new password from a signed-in session');
  }
  const attempt = await hitRateLimit(provider.em, PASSWORD_ATTEMPTS, user.email, provider.now());
  if (!attempt.allowed) {
    throw refuseRateLimited('Too many sign-in attempts; try again later', attempt.retryAfterSeconds);
  }
  if (!(await verifyPassword(current, user.password_hash))) {
    throw refuse(422, 'current_password_mismatch', 'The current password is not correct');
  }
};

/** An address another account holds is refused at once, as GoTrue does, before anything is written. */
const refuseTakenEmail = async (provider: Provider, user: IdentityUserRow, newEmail: string): Promise<void> => {
  const holder = await findIdentityUserByEmail(provider.em, newEmail);
  if (holder && holder.id !== user.id) {
    throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
  }
};

/**
 * GoTrue's secure email change: the new address gets a link, the old one a notice, and the
 * account keeps its address until the link is used (verify with type email_change).
 */
const requestEmailChange = async (provider: Provider, user: IdentityUserRow, newEmail: string): Promise<void> => {
  await mailLink(provider, user, 'email_change', { to: newEmail, newEmail });
  await enqueueEmailChangeNotice(provider.em, { to: user.email, newEmail, userId: user.id, now: provider.now() });
  provider.wakeMail();
};

/**
 * `bearer` is the caller's own token on PUT /user (absent for the service key's admin update).
 * A new password ends every other sign-in of the account (GoTrue does the same), so whoever knew
 * the old password is out, and every link mailed before (reset, invitation, email change) is
 * void, whichever path set it. The session that set it stays. The user's own email change waits
 * for the new address to confirm it; the service key's takes effect at once.
 */
export const applyUserChanges = async (provider: Provider, user: IdentityUserRow, body: Record<string, unknown>, bearer?: string) => {
  const admin = bearer === undefined;
  const changes: IdentityUserChanges = { at: provider.now() };
  let pendingEmail: string | undefined;
  const email = text(body, 'email');
  if (email !== undefined) {
    const checked = checkedEmail(email);
    if (admin) {
      changes.email = checked;
    } else if (checked !== user.email) {
      await refuseTakenEmail(provider, user, checked);
      pendingEmail = checked;
    }
  }
  const password = text(body, 'password');
  if (password !== undefined) {
    const chosen = checkedPassword(password);
    if (!admin) {
      await requireCurrentPassword(provider, user, bearer, text(body, 'current_password'));
    }
    changes.passwordHash = await hashPassword(chosen);
  }
  const own = admin ? metadata(body, 'user_metadata') : metadata(body, 'data');
  if (own && !admin) {
    refuseSelfAssignedRole(own);
    const moved = selfMovedTenantProblem(user.user_metadata, own);
    if (moved) {
      throw refuse(403, 'not_admin', moved);
    }
  }
  if (own) {
    changes.userMetadata = mergeMetadata(user.user_metadata, own);
  }
  const granted = metadata(body, 'app_metadata');
  if (granted && !admin) {
    throw refuse(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (granted) {
    changes.appMetadata = mergeMetadata(user.app_metadata, granted);
  }
  const updated = await updateIdentityUser(provider.em, user.id, changes);
  if (!updated) {
    throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (changes.passwordHash !== undefined) {
    await deleteAllIdentityLinks(provider.em, user.id);
    if (bearer) {
      await endIdentitySessions(provider.em, digestOpaqueToken(bearer), 'others');
    }
  }
  if (pendingEmail !== undefined) {
    await requestEmailChange(provider, updated, pendingEmail);

    return { ...presentProviderUser(updated), new_email: pendingEmail, email_change_sent_at: provider.now().toISOString() };
  }

  return presentProviderUser(updated);
};
