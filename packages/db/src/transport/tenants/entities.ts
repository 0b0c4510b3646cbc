import { defineEntity, p } from '@mikro-orm/core';

// Table and column names are fixed by the migration; entities map onto them explicitly.
export const ImpersonationSessionSchema = defineEntity({
  name: 'TransportImpersonationSession',
  tableName: 'transport_impersonation_session',
  properties: {
    tokenHash: p.string().primary().fieldName('token_hash'),
    tenantId: p.string().fieldName('tenant_id'),
    userEmail: p.string().fieldName('user_email').nullable(),
    targetRole: p.string().fieldName('target_role'),
    adminUserId: p.string().fieldName('admin_user_id'),
    adminEmail: p.string().fieldName('admin_email'),
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
  properties: {
    id: p.uuid().primary(),
    tenantId: p.string().fieldName('tenant_id').nullable(),
    actor: p.string(),
    action: p.string(),
    resource: p.string().nullable(),
    details: p.json<Record<string, unknown>>(),
    householdId: p.string().fieldName('household_id').nullable(),
    subjectUserId: p.string().fieldName('subject_user_id').nullable(),
    adminActor: p.boolean().fieldName('admin_actor').default(false),
    createdAt: p.datetime().fieldName('created_at'),
  },
});
export class TransportAuditEntry extends TransportAuditSchema.class {}
TransportAuditSchema.setClass(TransportAuditEntry);

export const transportOpsEntities = [ImpersonationSessionSchema, TransportAuditSchema];
