import { tenantStaffInput } from '@switchyard/domain/transport/staff/schemas';
import { listStaffInvites } from '@switchyard/db/transport/staff/staff-invites';
import { signedInProcedure } from '../../trpc.ts';
import { tenantStaffOutput } from '../output-schemas.ts';
import { presentStaffInvite } from '../presenters.ts';
import { staffTenant } from '../staff-tenant.ts';

/** The operator staff invited into a tenant: pending invitations first, then those who joined. */
export const tenantStaff = signedInProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenants/{tenant}/staff',
      status: 200,
      input: 'query',
      access: 'tenant',
      tags: ['tenants'],
      summary: "A tenant's invited operator staff (its operators, platform administrators)",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(tenantStaffOutput)
  .input(tenantStaffInput)
  .query(async ({ ctx, input }) => {
    const tenant = await staffTenant(ctx, input.tenant);

    return { tenant_id: tenant.id, invites: (await listStaffInvites(ctx.em, tenant.id)).map(presentStaffInvite) };
  });
