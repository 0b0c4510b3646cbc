import { defineEntity, p } from '@mikro-orm/core';

// Table and column names are fixed by the migration; entities map onto them explicitly.
export const IdentityUserSchema = defineEntity({
  name: 'TransportIdentityUser',
  tableName: 'transport_identity_user',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    passwordHash: p.text().fieldName('password_hash'),
    userMetadata: p.json<Record<string, unknown>>().fieldName('user_metadata'),
    appMetadata: p.json<Record<string, unknown>>().fieldName('app_metadata'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class IdentityUser extends IdentityUserSchema.class {}
IdentityUserSchema.setClass(IdentityUser);

export const IdentityTokenSchema = defineEntity({
  name: 'TransportIdentityToken',
  tableName: 'transport_identity_token',
  properties: {
    tokenHash: p.string().primary().fieldName('token_hash'),
    userId: p.uuid().fieldName('user_id'),
    /** The sign-in the token belongs to (Migration20261124000520); null for tokens issued before. */
    sessionId: p.uuid().fieldName('session_id').nullable(),
    kind: p.string(),
    expiresAt: p.datetime().fieldName('expires_at'),
    createdAt: p.datetime().fieldName('created_at'),
  },
});
export class IdentityToken extends IdentityTokenSchema.class {}
IdentityTokenSchema.setClass(IdentityToken);

export const transportIdentityEntities = [IdentityUserSchema, IdentityTokenSchema];
