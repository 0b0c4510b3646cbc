import { router } from '../trpc.ts';
import { assumeIdentity } from './procedures/assume-identity.ts';
import { auditLog } from './procedures/audit-log.ts';
import { exitImpersonation } from './procedures/exit-impersonation.ts';
import { getTheme } from './procedures/get-theme.ts';
import { health } from './procedures/health.ts';
import { impersonatedMe } from './procedures/impersonated-me.ts';
import { listTenants } from './procedures/list-tenants.ts';
import { logAction } from './procedures/log-action.ts';
import { tenantLogs } from './procedures/tenant-logs.ts';
import { getPaymentSettings, updatePaymentSettings } from './procedures/payment-settings.ts';
import { getTimeZoneSettings, updateTimeZoneSettings } from './procedures/time-zone-settings.ts';
import { getPricingSettings, updatePricingSettings } from './procedures/pricing-settings.ts';
import { getThemeSettings, updateThemeSettings } from './procedures/theme-settings.ts';
import { getHomeAreaSettings, updateHomeAreaSettings } from './procedures/home-area-settings.ts';

export const tenantsRouter = router({
  health,
  listTenants,
  getTheme,
  tenantLogs,
  assumeIdentity,
  exitImpersonation,
  auditLog,
  logAction,
  impersonatedMe,
  getPaymentSettings,
  updatePaymentSettings,
  getTimeZoneSettings,
  updateTimeZoneSettings,
  getPricingSettings,
  updatePricingSettings,
  getThemeSettings,
  updateThemeSettings,
  getHomeAreaSettings,
  updateHomeAreaSettings,
});
