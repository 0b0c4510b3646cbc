import { defineEntity, p } from '@mikro-orm/core';

/** A named member of the claims team; signs in by a mailed link like a client. */
export const StaffMemberSchema = defineEntity({
  name: 'StaffMember',
  tableName: 'claims_staff_member',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).unique('claims_staff_member_email_key'),
    name: p.string().length(200),
    isAdmin: p.boolean().fieldName('is_admin').default(false),
    active: p.boolean().default(true),
    createdAt: p.datetime().fieldName('created_at'),
    deactivatedAt: p.datetime().fieldName('deactivated_at').nullable(),
  },
});
export class StaffMember extends StaffMemberSchema.class {}
StaffMemberSchema.setClass(StaffMember);

export const StaffSignInTokenSchema = defineEntity({
  name: 'StaffSignInToken',
  tableName: 'claims_staff_sign_in_token',
  indexes: [{ name: 'claims_staff_sign_in_token_expiry_idx', properties: ['expiresAt'] }],
  properties: {
    id: p.uuid().primary(),
    staffMember: () =>
      p
        .manyToOne(StaffMember)
        .fieldName('staff_member_id')
        .deleteRule('cascade')
        .foreignKeyName('claims_staff_sign_in_token_staff_member_id_fkey'),
    tokenHash: p.string().columnType('char(64)').fieldName('token_hash').unique('claims_staff_sign_in_token_token_hash_key'),
    expiresAt: p.datetime().fieldName('expires_at'),
    consumedAt: p.datetime().fieldName('consumed_at').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  },
});
export class StaffSignInToken extends StaffSignInTokenSchema.class {}
StaffSignInTokenSchema.setClass(StaffSignInToken);

export const StaffSessionSchema = defineEntity({
  name: 'StaffSession',
  tableName: 'claims_staff_session',
  indexes: [{ name: 'claims_staff_session_member_idx', properties: ['staffMember'] }],
  properties: {
    id: p.uuid().primary(),
    staffMember: () =>
      p
        .manyToOne(StaffMember)
        .fieldName('staff_member_id')
        .deleteRule('cascade')
        .foreignKeyName('claims_staff_session_staff_member_id_fkey'),
    sessionHash: p.string().columnType('char(64)').fieldName('session_hash').unique('claims_staff_session_session_hash_key'),
    expiresAt: p.datetime().fieldName('expires_at'),
    revokedAt: p.datetime().fieldName('revoked_at').nullable(),
    lastSeenAt: p.datetime().fieldName('last_seen_at').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  },
});
export class StaffSession extends StaffSessionSchema.class {}
StaffSessionSchema.setClass(StaffSession);

export const claimsStaffEntities = [StaffMemberSchema, StaffSignInTokenSchema, StaffSessionSchema];
