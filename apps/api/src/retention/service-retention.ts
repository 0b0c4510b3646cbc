import {
  deleteExpiredClaimDocuments,
  deleteExpiredClaimNotes,
  deleteExpiredLiveWatchRows,
  deleteExpiredPositionRows,
  forgetStaleBusPositions,
  POSITION_TABLES,
} from '@switchyard/db/retention/expired-rows';
import type { Database } from '@switchyard/db/orm';
import { deleteExpiredDeliveries } from '@switchyard/db/webhooks/expired-deliveries';
import type { Env } from '../env.ts';
import type { DocumentStore } from '../claims/document-store/document-store.ts';
import type { RetentionStep } from './retention-sweep.ts';

/** The advisory lock keys of the two services' sweeps (class RETENTION_LOCK_CLASS). */
export const CLAIMS_RETENTION_LOCK_KEY = 1;
export const TRANSPORT_RETENTION_LOCK_KEY = 2;
/** The webhook gateways' sweep, on the same class: of several gateways on one database one sweeps. */
export const WEBHOOKS_RETENTION_LOCK_KEY = 3;

export const retentionSettings = (env: Pick<Env, 'POSITION_RETENTION_DAYS' | 'CLAIMS_RETENTION_YEARS'>) => ({
  positionRetentionDays: env.POSITION_RETENTION_DAYS,
  claimsRetentionYears: env.CLAIMS_RETENTION_YEARS,
});

/** Closed claims' notes and documents; a document's bytes leave the store after its row. */
export const claimsRetentionSteps = (db: Database, store: DocumentStore): RetentionStep[] => [
  { name: 'claim_notes', batch: (cutoffs, limit) => deleteExpiredClaimNotes(db.fork(), cutoffs.closedClaims, limit) },
  {
    name: 'claim_documents',
    batch: async (cutoffs, limit) => {
      const names = await deleteExpiredClaimDocuments(db.fork(), cutoffs.closedClaims, limit);
      for (const name of names) {
        await store.remove(name);
      }

      return names.length;
    },
  },
];

/** Position history, arrival snapshots and what came of them, and the `live.watch` audit rows. */
export const transportRetentionSteps = (db: Database): RetentionStep[] => [
  ...(Object.keys(POSITION_TABLES) as (keyof typeof POSITION_TABLES)[]).map((kind): RetentionStep => ({
    name: kind,
    batch: (cutoffs, limit) => deleteExpiredPositionRows(db.fork(), kind, cutoffs.positions, limit),
  })),
  { name: 'bus_positions', batch: (cutoffs, limit) => forgetStaleBusPositions(db.fork(), cutoffs.positions, limit) },
  { name: 'live_watch_audit', batch: (cutoffs, limit) => deleteExpiredLiveWatchRows(db.fork(), cutoffs.liveWatch, limit) },
];

/** Finished webhook delivery rows past WEBHOOK_DELIVERY_HISTORY_DAYS (payloads were erased earlier, by route). */
export const webhookRetentionSteps = (db: Database): RetentionStep[] => [
  {
    name: 'webhook_deliveries',
    batch: (cutoffs, limit) => deleteExpiredDeliveries(db.fork(), cutoffs.webhookDeliveries, cutoffs.now, limit),
  },
];
