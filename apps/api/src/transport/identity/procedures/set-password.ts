import { DomainError } from '@switchyard/domain/errors';
import { setPasswordInput } from '@switchyard/domain/transport/identity/account-links';
import { passwordProblem } from '@switchyard/domain/transport/identity/credentials';
import { isLinkSessionToken } from '@switchyard/domain/transport/identity/link-session';
import { PUBLIC_WRITE_LIMITS } from '@switchyard/domain/transport/public-write-limits';
import { toSessionUser } from '@switchyard/domain/transport/session-user';
import { markStaffInvitesAccepted } from '@switchyard/db/transport/staff/staff-invites';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import type { TransportContext } from '../../context.ts';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { loginOutput } from '../output-schemas.ts';
import type { LoginAnswer } from './login.ts';

export const DEAD_LINK = 'This link is invalid, already used or expired. Ask for a new one.';
const CURRENT_PASSWORD_REQUIRED = 'current_password is required: this session was not opened by a reset or invitation link';
const CURRENT_PASSWORD_WRONG = 'The current password is not correct';

const currentPasswordRequired = () =>
  new DomainError('validation_error', CURRENT_PASSWORD_REQUIRED, {
    issues: [{ path: 'current_password', message: 'Give your current password' }],
  });

/**
 * An outside GoTrue does not ask for the current password itself, so it is checked here: unless
 * the session came from a mailed link (its `amr`), the current password must sign the account in.
 * The built-in provider makes the same check in PUT /user.
 */
const checkCurrentPasswordAtOutsideProvider = async (
  ctx: TransportContext,
  accessToken: string,
  currentPassword: string | undefined,
): Promise<void> => {
  if (isLinkSessionToken(accessToken)) {
    return;
  }
  if (currentPassword === undefined) {
    throw currentPasswordRequired();
  }
  const user = await ctx.identity.getUser(accessToken);
  if (!user?.email) {
    throw new DomainError('unauthorized', DEAD_LINK);
  }
  const signIn = await ctx.identity.signInWithPassword(user.email, currentPassword);
  if (!signIn.ok && signIn.status === 429) {
    throw new DomainError('rate_limited', 'Too many sign-in attempts; try again later', { retryAfterSeconds: 60 });
  }
  if (!signIn.ok) {
    throw signIn.status >= 500
      ? new DomainError('bad_gateway', `The identity provider failed: ${signIn.message}`)
      : new DomainError('unauthorized', CURRENT_PASSWORD_WRONG);
  }
};

/**
 * Sets a password from a mailed link (reset or invitation) and answers a session, so the person is
 * signed in at once. The link's token is spent at the provider here, not when the page opens: mail
 * scanners that open links must not burn it. The provider ends the account's other sessions and
 * voids every other mailed link of the account. A session given as `access_token` that no link
 * opened (a plain sign-in) must give `current_password` as well: 400 without it, 401 when wrong.
 * Invitations of the account count as accepted once it has set a password from either kind of link.
 */
export const setPassword = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/auth/password',
      status: 200,
      input: 'json',
      access: 'public',
      tags: ['auth'],
      summary: 'Set a new password from a mailed reset or invitation link (a signed-in session gives current_password too)',
      errors: ['unauthorized', 'rate_limited', 'bad_gateway', 'service_unavailable'],
    },
  })
  .output(loginOutput)
  .use(limitedPerAddress(PUBLIC_WRITE_LIMITS.setPasswordPerAddress))
  .input(setPasswordInput)
  .mutation(async ({ ctx, input }): Promise<LoginAnswer> => {
    // Checked before the link is spent, so a too-short password does not cost the person their link.
    const weak = passwordProblem(input.password);
    if (weak) {
      throw new DomainError('validation_error', weak);
    }
    let accessToken = input.access_token;
    if (input.token_hash !== undefined) {
      const verified = await ctx.identity.verifyLink(input.type, input.token_hash);
      if (!verified.ok) {
        throw verified.status >= 500
          ? new DomainError('bad_gateway', `The identity provider failed: ${verified.message}`)
          : new DomainError('unauthorized', DEAD_LINK);
      }
      accessToken = verified.value.access_token;
    } else if (ctx.env.IDENTITY_URL) {
      await checkCurrentPasswordAtOutsideProvider(ctx, accessToken as string, input.current_password);
    }
    const updated = await ctx.identity.updatePassword(accessToken as string, input.password, input.current_password);
    if (!updated.ok) {
      if (updated.code === 'current_password_required') {
        throw currentPasswordRequired();
      }
      if (updated.code === 'current_password_mismatch') {
        throw new DomainError('unauthorized', CURRENT_PASSWORD_WRONG);
      }
      if (updated.status === 429) {
        throw new DomainError('rate_limited', 'Too many sign-in attempts; try again later', { retryAfterSeconds: 60 });
      }
      if (updated.status === 401 || updated.status === 403) {
        throw new DomainError('unauthorized', DEAD_LINK);
      }
      throw updated.status >= 500
        ? new DomainError('bad_gateway', `The identity provider failed: ${updated.message}`)
        : new DomainError('validation_error', updated.message);
    }
    const user = toSessionUser((await ctx.identity.getUser(accessToken as string)) ?? updated.value);
    // Either link proves the invitee reads that mailbox: an invitee whose invitation lapsed joins
    // through "Forgot password?" with the invited address, and counts as joined all the same.
    {
      for (const accepted of await markStaffInvitesAccepted(ctx.em, user.id, ctx.now())) {
        await recordTransportAudit(ctx.em, {
          tenantId: accepted.tenant_id,
          actor: user.email,
          action: 'staff.invite_accepted',
          resource: `staff_invite:${accepted.id}`,
          details: { email: accepted.email },
          subjectUserId: user.id,
          at: ctx.now(),
        });
      }
    }

    return { access_token: accessToken as string, token_type: 'Bearer', user };
  });
