import type { TenantRow } from '@switchyard/db/transport/tenants';
import type { TransportAuditRow } from '@switchyard/db/transport/tenants/audit-log';

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentTenant = (row: TenantRow) => ({
  id: row.id,
  name: row.name,
  tier: row.tier,
  theme: row.theme ?? {},
  domain: row.domain,
  time_zone: row.time_zone,
  created_at: iso(row.created_at),
});

export const presentTheme = (row: TenantRow) => ({ tenant_id: row.id, name: row.name, tier: row.tier, theme: row.theme ?? {}, domain: row.domain });

export const presentAuditRow = (row: TransportAuditRow) => ({
  id: row.id,
  tenant_id: row.tenant_id,
  actor: row.actor,
  action: row.action,
  resource: row.resource,
  details: row.details ?? {},
  household_id: row.household_id ?? null,
  admin_actor: row.admin_actor ?? false,
  created_at: iso(row.created_at),
});
