import { OPEN_STATUSES, type ClaimStatus } from '../claims/vocabulary.ts';
import { outstandingCents } from '../transport/billing/outstanding.ts';

/**
 * What personal data is kept how long, and what erasure may change. The sweep and the erasure
 * commands only apply these rules; the statements live in packages/db.
 */

const DAY_MS = 86_400_000;

/** `live.watch` audit rows (who watched which trip) are kept this long; a fixed period, not a setting. */
export const LIVE_WATCH_RETENTION_DAYS = 90;

/** What replaces a personal field that must keep a value (a required column). */
export const ERASED_MARKER = '[erased]';

/**
 * What replaces an email that must stay unique and well-formed: the row's own id under a reserved
 * domain (`.invalid` never resolves), so no mail can reach anyone and no two erased rows collide.
 */
export const erasedEmail = (rowId: string): string => `erased-${rowId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}@erased.invalid`;

/** How long finished webhook delivery rows are kept when WEBHOOK_DELIVERY_HISTORY_DAYS is not set. */
export const DEFAULT_WEBHOOK_DELIVERY_HISTORY_DAYS = 90;

/** `webhookDeliveryHistoryDays` only matters to the webhook gateway's sweep; the others may leave it out. */
export type RetentionSettings = { positionRetentionDays: number; claimsRetentionYears: number; webhookDeliveryHistoryDays?: number };

/** The settings' defaults (those of apps/api/src/env.ts), for a sweep whose steps use none of a service's periods. */
export const DEFAULT_RETENTION_SETTINGS = {
  positionRetentionDays: 30,
  claimsRetentionYears: 7,
  webhookDeliveryHistoryDays: DEFAULT_WEBHOOK_DELIVERY_HISTORY_DAYS,
} as const;

/** The instants before which each kind of data has expired at `now`. */
export type RetentionCutoffs = {
  /** The sweep's time, for what expires by its own deadline (idempotency keys) rather than by a period. */
  now: Date;
  /** Bus positions, arrivals, estimates and late notices recorded before this go. */
  positions: Date;
  /** `live.watch` audit rows written before this go. */
  liveWatch: Date;
  /** Messages and documents of claims closed before this go. */
  closedClaims: Date;
  /** Webhook deliveries that finished (delivered, or failed for good) before this go. */
  webhookDeliveries: Date;
};

/**
 * Calendar years back from `now` (UTC): 7 years after 2020-02-29 is 2027-02-28 rather than a count
 * of days that drifts with leap years.
 */
const yearsBefore = (now: Date, years: number): Date => {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));

  return cutoff;
};

export const retentionCutoffs = (now: Date, settings: RetentionSettings): RetentionCutoffs => ({
  now,
  positions: new Date(now.getTime() - settings.positionRetentionDays * DAY_MS),
  liveWatch: new Date(now.getTime() - LIVE_WATCH_RETENTION_DAYS * DAY_MS),
  closedClaims: yearsBefore(now, settings.claimsRetentionYears),
  webhookDeliveries: new Date(now.getTime() - (settings.webhookDeliveryHistoryDays ?? DEFAULT_WEBHOOK_DELIVERY_HISTORY_DAYS) * DAY_MS),
});

/** A claim no longer pursued: settled, closed, written off or rejected. */
export const isClaimClosed = (status: ClaimStatus): boolean => !OPEN_STATUSES.includes(status);

/**
 * When a closed claim closed: `date_resolved` (settled, closed, written off); a rejected claim has
 * none, and its last change (the rejection) stands for it. Null while the claim is open.
 */
export const claimClosedAt = (claim: { status: ClaimStatus; dateResolved: Date | null; updatedAt: Date }): Date | null =>
  isClaimClosed(claim.status) ? (claim.dateResolved ?? claim.updatedAt) : null;

/** Whether a claim's messages and documents have outlived their retention at `cutoff`. */
export const claimContentExpired = (claim: { status: ClaimStatus; dateResolved: Date | null; updatedAt: Date }, cutoff: Date): boolean => {
  const closedAt = claimClosedAt(claim);

  return closedAt !== null && closedAt.getTime() < cutoff.getTime();
};

/** The claims that keep a client's personal data from being erased: those still pursued. */
export const clientErasureBlockers = (claims: readonly { claimNumber: string; status: ClaimStatus }[]): string[] =>
  claims.filter((claim) => !isClaimClosed(claim.status)).map((claim) => claim.claimNumber);

/** The invoices that keep a household from being erased: those with money still owed. */
export const householdErasureBlockers = (
  invoices: readonly { id: string; status: string; amountCents: number; amountPaidCents: number }[],
): string[] => invoices.filter((invoice) => outstandingCents(invoice) > 0).map((invoice) => invoice.id);

export type ErasureRequest = { force: boolean; reason: string | null };

export type ErasureDecision = { kind: 'refused'; message: string } | { kind: 'allowed'; forced: boolean; reason: string | null };

/** The longest reason kept on the audit row. */
export const ERASURE_REASON_MAX = 500;

/**
 * Whether an erasure may go ahead. Open business (`blockers`, named in the refusal after
 * `subject`, e.g. "the client has open claims") refuses it unless forced; forcing always needs a
 * reason, which the audit row keeps.
 */
export const decideErasure = (subject: string, blockers: readonly string[], request: ErasureRequest): ErasureDecision => {
  const reason = request.reason?.trim() ?? '';
  if (request.force && reason === '') {
    return { kind: 'refused', message: '--force needs --reason TEXT: the reason is kept on the audit row' };
  }
  if (reason.length > ERASURE_REASON_MAX) {
    return { kind: 'refused', message: `--reason is at most ${ERASURE_REASON_MAX} characters` };
  }
  if (blockers.length > 0 && !request.force) {
    return {
      kind: 'refused',
      message: `${subject}: ${blockers.join(', ')}; settle ${blockers.length === 1 ? 'it' : 'them'} first, or erase anyway with --force --reason TEXT`,
    };
  }

  return { kind: 'allowed', forced: request.force, reason: reason === '' ? null : reason };
};
