import { CLAIM_STATUSES, CLAIM_TIERS, type ClaimStatus, type ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { builder } from '../builder.ts';
import { ClaimStatusEnum, ClaimTierEnum } from '../types/enums.ts';

export type StatusCount = { status: ClaimStatus; count: number };
export type TierCount = { tier: ClaimTier; count: number };

export const StatusCountRef = builder.objectRef<StatusCount>('StatusCount').implement({
  fields: (t) => ({
    status: t.field({ type: ClaimStatusEnum, resolve: (row) => row.status }),
    count: t.exposeInt('count'),
  }),
});

export const TierCountRef = builder.objectRef<TierCount>('TierCount').implement({
  fields: (t) => ({
    tier: t.field({ type: ClaimTierEnum, resolve: (row) => row.tier }),
    count: t.exposeInt('count'),
  }),
});

/** Every status in vocabulary order, zero included, so a chart keeps its shape. */
export const everyStatus = (counts: Partial<Record<string, number>>): StatusCount[] =>
  CLAIM_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 }));

export const everyTier = (counts: Partial<Record<string, number>>): TierCount[] =>
  CLAIM_TIERS.map((tier) => ({ tier, count: counts[tier] ?? 0 }));
