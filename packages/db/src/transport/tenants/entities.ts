import { defineEntity, p } from '@mikro-orm/core';
import { Tenant } from '../tenant-entities.ts';

// The entities declare the whole schema the migrations build (test/db/schema-diff.test.ts).
export const ImpersonationSessionSchema = defineEntity({
  name: 'TransportImpersonationSession',
  tableName: 'transport_impersonation_session',
  properties: {
    tokenHash: p.text().primary().fieldName('token_hash'),
    tenantId: () =>
      p
        .manyToOne(Tenant)
        .mapToPk()
        .fieldName('tenant_id')
        .deleteRule('cascade')
        .foreignKeyName('transport_impersonation_session_tenant_id_fkey'),
    userEmail: p.string().length(254).fieldName('user_email').nullable(),
    targetRole: p.text().fieldName('target_role'),
    adminUserId: p.text().fieldName('admin_user_id'),
    adminEmail: p.text().fieldName('admin_email'),
    createdAt: p.datetime().fieldName('created_at'),
    expiresAt: p.datetime().fieldName('expires_at'),
    endedAt: p.datetime().fieldName('ended_at').nullable(),
  },
});
export class ImpersonationSession extends ImpersonationSessionSchema.class {}
ImpersonationSessionSchema.setClass(ImpersonationSession);

export const TransportAuditSchema = defineEntity({
  name: 'TransportAuditEntry',
  tableName: 'transport_audit_log',
  indexes: [
    { name: 'transport_audit_log_tenant_idx', columns: [{ name: 'tenant_id' }, { name: 'created_at', sort: 'DESC' }] },
    { name: 'transport_audit_log_created_idx', columns: [{ name: 'created_at', sort: 'DESC' }] },
    {
      name: 'transport_audit_log_household_idx',
      columns: [{ name: 'tenant_id' }, { name: 'household_id' }, { name: 'created_at', sort: 'DESC' }],
      where: 'household_id is not null',
    },
    {
      name: 'transport_audit_log_subject_idx',
      columns: [{ name: 'tenant_id' }, { name: 'subject_user_id' }, { name: 'created_at', sort: 'DESC' }],
      where: 'subject_user_id is not null',
    },
    // The retention sweep's: live.watch rows are the only audit rows that expire.
    { name: 'transport_audit_log_live_watch_idx', properties: ['createdAt'], where: "action = 'live.watch'" },
  ],
  // A row written at most once per occasion: the second insert with the same key does nothing.
  uniques: [{ name: 'transport_audit_log_dedupe_uq', properties: ['tenantId', 'dedupeKey'], where: 'dedupe_key is not null' }],
  properties: {
    id: p.uuid().primary(),
    // No foreign key: platform-wide rows have no tenant, and rows outlive what they describe.
    tenantId: p.text().fieldName('tenant_id').nullable(),
    actor: p.text(),
    action: p.string().length(200),
    resource: p.string().length(500).nullable(),
    details: p.json<Record<string, unknown>>().defaultRaw("'{}'::jsonb"),
    householdId: p.text().fieldName('household_id').nullable(),
    subjectUserId: p.text().fieldName('subject_user_id').nullable(),
    adminActor: p.boolean().fieldName('admin_actor').defaultRaw('false'),
    dedupeKey: p.text().fieldName('dedupe_key').nullable(),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
  },
});
export class TransportAuditEntry extends TransportAuditSchema.class {}
TransportAuditSchema.setClass(TransportAuditEntry);

export const transportOpsEntities = [ImpersonationSessionSchema, TransportAuditSchema];
