import { defineEntity, p } from '@mikro-orm/core';
import { Tenant } from '../tenant-entities.ts';

// The entities declare the whole schema the migrations build (test/db/schema-diff.test.ts).
/** Operator staff invited into a tenant (Migration20261124030100). */
export const StaffInviteSchema = defineEntity({
  name: 'TransportStaffInvite',
  tableName: 'transport_staff_invite',
  uniques: [{ name: 'transport_staff_invite_tenant_email_key', properties: ['tenantId', 'email'] }],
  indexes: [{ name: 'transport_staff_invite_user_idx', properties: ['userId'] }],
  properties: {
    id: p.uuid().primary(),
    tenantId: () =>
      p.manyToOne(Tenant).mapToPk().fieldName('tenant_id').deleteRule('cascade').foreignKeyName('transport_staff_invite_tenant_id_fkey'),
    email: p.string().length(254),
    displayName: p.string().length(200).fieldName('display_name').nullable(),
    /** The identity provider's id of the account: text, as an outside provider's ids are its own. */
    userId: p.text().fieldName('user_id'),
    invitedBy: p.text().fieldName('invited_by'),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
    acceptedAt: p.datetime().fieldName('accepted_at').nullable(),
  },
});
export class StaffInvite extends StaffInviteSchema.class {}
StaffInviteSchema.setClass(StaffInvite);

export const transportStaffEntities = [StaffInviteSchema];
