import { DomainError } from '@switchyard/domain/errors';
import { LINK_PAGES } from '@switchyard/domain/transport/identity/account-links';
import { isAdmin } from '@switchyard/domain/transport/session-user';
import { inviteOperatorInput } from '@switchyard/domain/transport/staff/schemas';
import { findStaffInvite, insertStaffInvite } from '@switchyard/db/transport/staff/staff-invites';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { signedInProcedure } from '../../trpc.ts';
import { staffInviteOutput } from '../output-schemas.ts';
import { presentStaffInvite } from '../presenters.ts';
import { staffTenant } from '../staff-tenant.ts';

const TAKEN = 'An account with this email address already exists';

/**
 * Invites operator staff into a tenant: the identity provider creates the account and mails the
 * invitation link; the operator role and the tenant are then written to app metadata with the
 * service key, where the invitee cannot change them (never into user metadata, which they can).
 */
export const inviteOperator = signedInProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/tenants/{tenant}/invites',
      status: 201,
      input: 'json',
      access: 'tenant',
      tags: ['tenants'],
      summary: 'Invite operator staff into a tenant (its operators, platform administrators)',
      errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'bad_gateway'],
    },
  })
  .output(staffInviteOutput)
  .input(inviteOperatorInput)
  .mutation(async ({ ctx, input }) => {
    const tenant = await staffTenant(ctx, input.tenant);
    if (await findStaffInvite(ctx.em, tenant.id, input.email)) {
      throw new DomainError('conflict', `${input.email} is already invited to ${tenant.name}`);
    }
    const data = { display_name: input.display_name || input.email, tenant_name: tenant.name };
    const invited = await ctx.identity.invite(input.email, data, `${ctx.env.TRANSPORT_PUBLIC_URL}${LINK_PAGES.invite}`);
    if (!invited.ok) {
      if (invited.status >= 500) {
        throw new DomainError('bad_gateway', `The identity provider failed: ${invited.message}`);
      }
      throw /already|exists/i.test(invited.message)
        ? new DomainError('conflict', TAKEN)
        : new DomainError('validation_error', invited.message);
    }
    const user = invited.value;
    const granted = await ctx.identity.updateUserMetadata(user.id, { app_metadata: { role: 'operator', tenant_id: tenant.id } });
    if (!granted.ok) {
      // The account exists without a role, so it reaches nothing; the invitation is not recorded.
      ctx.logger.warn({ status: granted.status }, 'identity provider refused to grant the operator role to an invited account');
      throw new DomainError('bad_gateway', 'The identity provider did not take the operator role; the invitation is not complete');
    }
    const em = ctx.em;
    const row = await insertStaffInvite(em, {
      tenantId: tenant.id,
      email: input.email,
      displayName: input.display_name || null,
      userId: user.id,
      invitedBy: ctx.user.email || ctx.user.id,
      at: ctx.now(),
    });
    if (!row) {
      throw new DomainError('conflict', `${input.email} is already invited to ${tenant.name}`);
    }
    await recordTransportAudit(em, {
      tenantId: tenant.id,
      actor: ctx.user.email || ctx.user.id,
      action: 'staff.invite',
      resource: `staff_invite:${row.id}`,
      details: { email: row.email, role: 'operator', ...(row.display_name ? { display_name: row.display_name } : {}) },
      subjectUserId: user.id,
      adminActor: isAdmin(ctx.user),
      at: ctx.now(),
    });

    return presentStaffInvite(row);
  });
