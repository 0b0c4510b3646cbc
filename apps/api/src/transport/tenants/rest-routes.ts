import type { RestRoute } from '@switchyard/rest-adapter/route-table';
import {
  assumeIdentityInput,
  auditLogInput,
  exitImpersonationInput,
  logActionInput,
  paymentSettingsInput,
  tenantLogsInput,
  themeInput,
} from '@switchyard/domain/transport/tenants/schemas';

const admin = { access: 'admin', errors: ['unauthorized', 'forbidden'] } as const;

export const tenantsRestRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/health', procedure: 'tenants.health', input: 'none', successStatus: 200, access: 'public', tags: ['health'], summary: 'Service and database health' },
  { method: 'GET', path: '/api/tenants', procedure: 'tenants.listTenants', input: 'none', successStatus: 200, ...admin, errors: [...admin.errors], tags: ['tenants'], summary: 'All tenants (platform administrators)' },
  { method: 'GET', path: '/api/theme/{slug}', procedure: 'tenants.getTheme', input: 'none', successStatus: 200, access: 'public', tags: ['tenants'], summary: "A tenant's theme", inputSchema: themeInput, errors: ['not_found'] },
  { method: 'GET', path: '/api/tenants/{tenant}/logs', procedure: 'tenants.tenantLogs', input: 'query', successStatus: 200, ...admin, access: 'tenant', errors: [...admin.errors, 'not_found'], tags: ['tenants'], summary: "A tenant's audit log, newest first", inputSchema: tenantLogsInput },
  { method: 'GET', path: '/api/tenant/settings/payments', procedure: 'tenants.getPaymentSettings', input: 'none', successStatus: 200, access: 'tenant', errors: ['unauthorized', 'forbidden'], tags: ['tenants'], summary: "The operator's own payment instructions" },
  { method: 'PUT', path: '/api/tenant/settings/payments', procedure: 'tenants.updatePaymentSettings', input: 'json', successStatus: 200, access: 'tenant', errors: ['unauthorized', 'forbidden'], tags: ['tenants'], summary: 'Set the payment instructions mailed on approval when no provider is configured', inputSchema: paymentSettingsInput },
  { method: 'POST', path: '/api/ops/assume-identity', procedure: 'tenants.assumeIdentity', input: 'json', successStatus: 200, ...admin, errors: [...admin.errors, 'not_found'], tags: ['ops'], summary: 'Act as a tenant identity for 15 minutes', inputSchema: assumeIdentityInput },
  { method: 'POST', path: '/api/ops/exit-impersonation', procedure: 'tenants.exitImpersonation', input: 'json', successStatus: 200, access: 'public', tags: ['ops'], summary: 'End an impersonation session (token in body or as bearer)', inputSchema: exitImpersonationInput },
  { method: 'GET', path: '/api/ops/audit-log', procedure: 'tenants.auditLog', input: 'query', successStatus: 200, ...admin, errors: [...admin.errors], tags: ['ops'], summary: 'Audit rows of all or one tenant, newest first', inputSchema: auditLogInput },
  { method: 'POST', path: '/api/ops/log-action', procedure: 'tenants.logAction', input: 'json', successStatus: 200, access: 'impersonation', errors: ['unauthorized'], tags: ['ops'], summary: 'Record an action taken while impersonating', inputSchema: logActionInput },
  { method: 'GET', path: '/api/ops/impersonated/me', procedure: 'tenants.impersonatedMe', input: 'none', successStatus: 200, access: 'impersonation', errors: ['unauthorized'], tags: ['ops'], summary: 'The identity being impersonated' },
];
