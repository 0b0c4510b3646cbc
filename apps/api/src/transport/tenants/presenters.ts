import type { TenantRow } from '@switchyard/db/transport/tenants';
import type { TransportAuditRow } from '@switchyard/db/transport/tenants/audit-log';
import type { z } from 'zod';
import type { auditRowsOutput, tenantListOutput, themeOutput } from './output-schemas.ts';

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentTenant = (row: TenantRow): z.output<typeof tenantListOutput>[number] => ({
  id: row.id,
  name: row.name,
  tier: row.tier,
  theme: row.theme ?? {},
  domain: row.domain,
  time_zone: row.time_zone,
  created_at: iso(row.created_at),
});

export const presentTheme = (row: TenantRow): z.output<typeof themeOutput> => ({
  tenant_id: row.id,
  name: row.name,
  tier: row.tier,
  theme: row.theme ?? {},
  domain: row.domain,
});

export const presentAuditRow = (row: TransportAuditRow): z.output<typeof auditRowsOutput>[number] => ({
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
