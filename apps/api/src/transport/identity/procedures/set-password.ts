import { DomainError } from '@switchyard/domain/errors';
import { setPasswordInput } from '@switchyard/domain/transport/identity/account-links';
import { passwordProblem } from '@switchyard/domain/transport/identity/credentials';
import { PUBLIC_WRITE_LIMITS } from '@switchyard/domain/transport/public-write-limits';
import { toSessionUser } from '@switchyard/domain/transport/session-user';
import { markStaffInvitesAccepted } from '@switchyard/db/transport/staff/staff-invites';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { limitedPerAddress } from '../../rate-limits.ts';
import { publicProcedure } from '../../trpc.ts';
import { loginOutput } from '../output-schemas.ts';
import type { LoginAnswer } from './login.ts';

const DEAD_LINK = 'This link is invalid, already used or expired. Ask for a new one.';

/**
 * Sets a password from a mailed link (reset or invitation) and answers a session, so the person is
 * signed in at once. The link's token is spent at the provider here, not when the page opens: mail
 * scanners that open links must not burn it. The provider ends the account's other sessions.
 * Invitations of the account count as accepted once it has set a password from either kind of link.
 */
export const setPassword = publicProcedure
  .meta({ rest: { method: 'POST', path: '/api/auth/password', status: 200, input: 'json', access: 'public', tags: ['auth'], summary: 'Set a new password from a mailed reset or invitation link', errors: ['unauthorized', 'rate_limited', 'bad_gateway'] } })
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
        throw verified.status >= 500 ? new DomainError('bad_gateway', `The identity provider failed: ${verified.message}`) : new DomainError('unauthorized', DEAD_LINK);
      }
      accessToken = verified.value.access_token;
    }
    const updated = await ctx.identity.updatePassword(accessToken as string, input.password);
    if (!updated.ok) {
      if (updated.status === 401 || updated.status === 403) {
        throw new DomainError('unauthorized', DEAD_LINK);
      }
      throw updated.status >= 500 ? new DomainError('bad_gateway', `The identity provider failed: ${updated.message}`) : new DomainError('validation_error', updated.message);
    }
    const user = toSessionUser((await ctx.identity.getUser(accessToken as string)) ?? updated.value);
    // Either link proves the invitee reads that mailbox: an invitee whose invitation lapsed joins
    // through "Forgot password?" with the invited address, and counts as joined all the same.
    {
      for (const accepted of await markStaffInvitesAccepted(ctx.db.fork(), user.id, ctx.now())) {
        await recordTransportAudit(ctx.db.fork(), {
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
