import { DomainError } from '@switchyard/domain/errors';
import { timeZoneSettingsInput } from '@switchyard/domain/transport/tenants/schemas';
import { namedProtectedTenant } from '@switchyard/domain/transport/tenant-resolution';
import { writeTimeZone } from '@switchyard/db/transport/tenants';
import { tenantProcedure } from '../../trpc.ts';
import { timeZoneSettingsOutput } from '../output-schemas.ts';
import { auditStaffWrite } from '../staff-audit.ts';

export const getTimeZoneSettings = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenant/settings/time-zone',
      status: 200,
      access: 'tenant',
      tags: ['tenants'],
      summary: "The operator's time zone: route stop times are wall-clock times there",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(timeZoneSettingsOutput)
  .query(({ ctx }) => ({ tenant_id: ctx.tenantId, time_zone: ctx.tenantTimeZone }));

export const NO_TENANT_NAMED = 'No tenant named: give it in the path (/{tenant}/api/tenant/settings/time-zone) or the X-Tenant-ID header';

/**
 * The operator's time zone; trip windows, estimates and "today" follow it from the next request on.
 * A platform administrator belongs to no tenant: a change that names none would land on the
 * default tenant, so it is refused instead.
 */
export const updateTimeZoneSettings = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/tenant/settings/time-zone',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['tenants'],
      summary: "Set the operator's time zone (an IANA name such as America/New_York); route stop times are read on its clocks",
      errors: ['unauthorized', 'forbidden', 'validation_error'],
    },
  })
  .input(timeZoneSettingsInput)
  .output(timeZoneSettingsOutput)
  .mutation(async ({ ctx, input }) => {
    if (namedProtectedTenant(ctx.user.tenant_id, ctx.tenantHints) === null) {
      throw new DomainError('validation_error', NO_TENANT_NAMED);
    }
    const before = await writeTimeZone(ctx.em, ctx.tenantId, input.time_zone);
    if (before === null) {
      throw new DomainError('not_found', 'Tenant not found');
    }
    await auditStaffWrite(ctx, {
      action: 'tenant.settings.update',
      resource: `tenant:${ctx.tenantId}`,
      details: { time_zone: { from: before, to: input.time_zone } },
    });

    return { tenant_id: ctx.tenantId, time_zone: input.time_zone };
  });
