import { claimsEntities } from './claims/entities.ts';
import { webhookEntities } from './webhooks/entities.ts';
import { transportTenantEntities } from './transport/tenant-entities.ts';
import { transportIdentityEntities } from './transport/identity/entities.ts';
import { transportOpsEntities } from './transport/tenants/entities.ts';
import { transportOperationsEntities } from './transport/operations/entities.ts';
import { transportBillingEntities } from './transport/billing/entities.ts';
import { transportLiveEntities } from './transport/live/entities.ts';
import { mailOutboxEntities } from './mail-outbox-entities.ts';
import { transportStaffEntities } from './transport/staff/entities.ts';

/** Every entity of every service: one database, one schema history. */
export const allEntities = [
  ...claimsEntities,
  ...webhookEntities,
  ...transportTenantEntities,
  ...transportIdentityEntities,
  ...transportOpsEntities,
  ...transportOperationsEntities,
  ...transportBillingEntities,
  ...transportStaffEntities,
  ...transportLiveEntities,
  ...mailOutboxEntities,
];
