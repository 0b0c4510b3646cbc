import { claimsEntities } from './claims/entities.ts';
import { webhookEntities } from './webhooks/entities.ts';

/** Every entity of every service: one database, one schema history. */
export const allEntities = [...claimsEntities, ...webhookEntities];
