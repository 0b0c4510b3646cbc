import { z } from 'zod';
import { DomainError } from '@switchyard/domain/errors';
import {
  applyThemeSettings,
  THEME_SETTING_KEYS,
  themeSettingsInput,
  themeSettingsOf,
} from '@switchyard/domain/transport/tenants/theme-settings';
import { findTenant, updateTenantTheme } from '@switchyard/db/transport/tenants';
import { tenantProcedure } from '../../trpc.ts';
import { auditStaffWrite } from '../staff-audit.ts';

const themeSettingsOutput = z.strictObject({
  tenant_id: z.string(),
  primary_color: z.string().nullable().describe('#rrggbb; the theme key primary_color'),
  logo_url: z.string().nullable().describe('https address or a path on this site; the theme key logo_url'),
});

export const getThemeSettings = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenant/settings/theme',
      status: 200,
      access: 'tenant',
      tags: ['tenants'],
      summary: "The operator's primary colour and logo",
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(themeSettingsOutput)
  .query(async ({ ctx }) => {
    const tenant = await findTenant(ctx.em, ctx.tenantId);
    if (!tenant) {
      throw new DomainError('not_found', 'Tenant not found');
    }

    return { tenant_id: ctx.tenantId, ...themeSettingsOf(tenant.theme ?? {}) };
  });

/** Sets (or with null removes) the primary colour and logo of the tenant's theme; other theme keys stay. Audited old -> new. */
export const updateThemeSettings = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/tenant/settings/theme',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['tenants'],
      summary: "Set the operator's primary colour (#rrggbb) and logo (https or a site path); null removes one",
      errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    },
  })
  .input(themeSettingsInput)
  .output(themeSettingsOutput)
  .mutation(async ({ ctx, input }) => {
    const changed = await updateTenantTheme(ctx.em, ctx.tenantId, (theme) => applyThemeSettings(theme, input));
    if (!changed) {
      throw new DomainError('not_found', 'Tenant not found');
    }
    const before = themeSettingsOf(changed.before);
    const details: Record<string, { from: string | null; to: string | null }> = {};
    for (const key of THEME_SETTING_KEYS) {
      if (before[key] !== input[key]) {
        details[key] = { from: before[key], to: input[key] };
      }
    }
    if (Object.keys(details).length > 0) {
      await auditStaffWrite(ctx, { action: 'tenant.settings.update', resource: `tenant:${ctx.tenantId}`, details });
    }

    return { tenant_id: ctx.tenantId, ...themeSettingsOf(changed.after) };
  });
