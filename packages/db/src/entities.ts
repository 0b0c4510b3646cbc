import { claimsEntities } from './claims/entities.ts';

/** Every entity of every service: one database, one schema history. */
export const allEntities = [...claimsEntities];
