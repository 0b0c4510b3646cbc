import { DomainError } from '@switchyard/domain/errors';
import { homeAreaSettingsInput } from '@switchyard/domain/transport/operations/home-area';
import { namedProtectedTenant } from '@switchyard/domain/transport/tenant-resolution';
import { writeHomeArea } from '@switchyard/db/transport/tenants/home-area';
import { signedInProcedure, tenantProcedure } from '../../trpc.ts';
import { homeAreaOfTenant } from '../home-area-of-tenant.ts';
import { homeAreaOutput } from '../output-schemas.ts';
import { auditStaffWrite } from '../staff-audit.ts';

/** Every signed-in person of the tenant reads it: families' maps open there too. */
export const getHomeAreaSettings = signedInProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenant/settings/home-area',
      status: 200,
      access: 'tenant',
      tags: ['tenants'],
      summary: "Where the tenant's maps open: the home area set, else the middle of its stops; null with neither",
      errors: ['unauthorized', 'not_found'],
    },
  })
  .output(homeAreaOutput)
  .query(async ({ ctx }) => ({ tenant_id: ctx.tenantId, home_area: await homeAreaOfTenant(ctx.em, ctx.tenantId) }));

export const updateHomeAreaSettings = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/tenant/settings/home-area',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['tenants'],
      summary:
        "Set where the tenant's maps open (`{home_area: {lat, lng, zoom 3-17}}`), or `{home_area: null}` to take it from the stops again",
      errors: ['unauthorized', 'forbidden', 'validation_error'],
    },
  })
  .input(homeAreaSettingsInput)
  .output(homeAreaOutput)
  .mutation(async ({ ctx, input }) => {
    // A platform administrator naming no tenant would set the default tenant's: refused instead.
    if (namedProtectedTenant(ctx.user.tenant_id, ctx.tenantHints) === null) {
      throw new DomainError(
        'validation_error',
        'No tenant named: give it in the path (/{tenant}/api/tenant/settings/home-area) or the X-Tenant-ID header',
      );
    }
    const written = await writeHomeArea(ctx.em, ctx.tenantId, input.home_area);
    if (written === null) {
      throw new DomainError('not_found', 'Tenant not found');
    }
    await auditStaffWrite(ctx, {
      action: 'tenant.settings.update',
      resource: `tenant:${ctx.tenantId}`,
      details: { home_area: { from: written.before, to: input.home_area } },
    });

    return { tenant_id: ctx.tenantId, home_area: await homeAreaOfTenant(ctx.em, ctx.tenantId) };
  });
