import { claimsEntities } from './claims/entities.ts';
import { webhookEntities } from './webhooks/entities.ts';
import { transportTenantEntities } from './transport/tenant-entities.ts';

/** Every entity of every service: one database, one schema history. */
export const allEntities = [...claimsEntities, ...webhookEntities, ...transportTenantEntities];
