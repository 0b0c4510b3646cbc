import { defineEntity, p } from '@mikro-orm/core';
import type { LinkKind } from '@switchyard/domain/transport/identity/account-links';
import type { TokenKind } from '@switchyard/domain/transport/identity/token-kind';

// The entities declare the whole schema the migrations build (test/db/schema-diff.test.ts).
export const IdentityUserSchema = defineEntity({
  name: 'TransportIdentityUser',
  tableName: 'transport_identity_user',
  checks: [{ name: 'transport_identity_user_email_check', expression: 'email = lower(email)' }],
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).unique('transport_identity_user_email_key'),
    passwordHash: p.text().fieldName('password_hash'),
    userMetadata: p.json<Record<string, unknown>>().fieldName('user_metadata').defaultRaw("'{}'::jsonb"),
    appMetadata: p.json<Record<string, unknown>>().fieldName('app_metadata').defaultRaw("'{}'::jsonb"),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
    updatedAt: p.datetime().fieldName('updated_at').defaultRaw('now()'),
  },
});
export class IdentityUser extends IdentityUserSchema.class {}
IdentityUserSchema.setClass(IdentityUser);

export const IdentityTokenSchema = defineEntity({
  name: 'TransportIdentityToken',
  tableName: 'transport_identity_token',
  indexes: [
    { name: 'transport_identity_token_user_idx', properties: ['userId'] },
    {
      name: 'transport_identity_token_session_idx',
      expression: 'create index transport_identity_token_session_idx on transport_identity_token (session_id) where session_id is not null',
    },
  ],
  checks: [{ name: 'transport_identity_token_kind_check', expression: "kind in ('access', 'refresh')" }],
  properties: {
    tokenHash: p.text().primary().fieldName('token_hash'),
    userId: () =>
      p
        .manyToOne(IdentityUser)
        .mapToPk()
        .fieldName('user_id')
        .deleteRule('cascade')
        .foreignKeyName('transport_identity_token_user_id_fkey'),
    /** The sign-in the token belongs to (Migration20261124000520); null for tokens issued before. */
    sessionId: p.uuid().fieldName('session_id').nullable(),
    kind: p.text().$type<TokenKind>(),
    /** Given by a mailed reset or invitation link (Migration20261127120000): may set a password without the current one. */
    viaLink: p.boolean().fieldName('via_link').default(false),
    expiresAt: p.datetime().fieldName('expires_at'),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
  },
});
export class IdentityToken extends IdentityTokenSchema.class {}
IdentityTokenSchema.setClass(IdentityToken);

/** A mailed one-time link of the built-in provider (Migration20261124030100; email_change: Migration20261127120000): deleted when used. */
export const IdentityLinkSchema = defineEntity({
  name: 'TransportIdentityLink',
  tableName: 'transport_identity_link',
  indexes: [{ name: 'transport_identity_link_user_idx', properties: ['userId'] }],
  checks: [{ name: 'transport_identity_link_kind_check', expression: "kind in ('recovery', 'invite', 'email_change')" }],
  properties: {
    tokenHash: p.text().primary().fieldName('token_hash'),
    userId: () =>
      p.manyToOne(IdentityUser).mapToPk().fieldName('user_id').deleteRule('cascade').foreignKeyName('transport_identity_link_user_id_fkey'),
    kind: p.text().$type<LinkKind>(),
    /** The address an email_change link confirms; null for the other kinds. */
    newEmail: p.string().length(254).fieldName('new_email').nullable(),
    expiresAt: p.datetime().fieldName('expires_at'),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
  },
});
export class IdentityLink extends IdentityLinkSchema.class {}
IdentityLinkSchema.setClass(IdentityLink);

export const transportIdentityEntities = [IdentityUserSchema, IdentityTokenSchema, IdentityLinkSchema];
