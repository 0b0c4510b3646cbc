import { z } from 'zod';
import type { DomainErrorCode } from '../errors.ts';
import { LIMITS } from './limits.ts';
import { assigneeIdInput, claimNumberInput, requiredReasonInput, staffListFilters } from './schemas.ts';
import { CLAIM_STATUSES, CLAIM_TIERS } from './vocabulary.ts';

/** What a bulk change does to each claim: any of status, tier and assignee, at least one. */
export const bulkChange = z
  .strictObject({
    status: z.enum(CLAIM_STATUSES).optional(),
    tier: z.enum(CLAIM_TIERS).optional(),
    /** null gives the claims to nobody. */
    assignee_id: assigneeIdInput.optional(),
  })
  .refine((value) => value.status !== undefined || value.tier !== undefined || value.assignee_id !== undefined, {
    message: 'give a status, a tier or an assignee to change',
  });

const uniqueClaimNumbers = z
  .array(claimNumberInput)
  .min(1, 'name at least one claim')
  .max(LIMITS.bulkChangeMax, `must name at most ${LIMITS.bulkChangeMax} claims`)
  .refine((numbers) => new Set(numbers).size === numbers.length, 'must not name a claim twice');

/**
 * `POST /api/staff/claims/bulk`: the claims, named or chosen by the staff list's filters (one or the
 * other), the change, and the reason every claim's audit row carries.
 */
export const staffBulkInput = z
  .strictObject({
    claim_numbers: uniqueClaimNumbers.optional(),
    filters: staffListFilters.optional(),
    change: bulkChange,
    reason: requiredReasonInput,
    notify_client: z.boolean().optional(),
  })
  .refine((value) => (value.claim_numbers === undefined) !== (value.filters === undefined), {
    message: 'give either claim_numbers or filters, not both',
    path: ['claim_numbers'],
  });
export type StaffBulkInput = z.output<typeof staffBulkInput>;

/** What became of one claim of a bulk change. */
export type BulkOutcome =
  | { claimNumber: string; kind: 'changed' }
  | { claimNumber: string; kind: 'unchanged' }
  | { claimNumber: string; kind: 'refused'; code: DomainErrorCode; message: string };

export type BulkSkip = { claim_number: string; code: string; message: string };
export type BulkSummary = { changed: string[]; skipped: BulkSkip[] };

/**
 * The answer of a bulk change, in the order the claims were taken: a claim already as asked is
 * skipped as `unchanged` (nothing was written for it), a refused one with the refusal's code and words.
 */
export const summarizeBulk = (outcomes: readonly BulkOutcome[]): BulkSummary => {
  const changed: string[] = [];
  const skipped: BulkSkip[] = [];
  for (const outcome of outcomes) {
    if (outcome.kind === 'changed') {
      changed.push(outcome.claimNumber);
    } else if (outcome.kind === 'unchanged') {
      skipped.push({
        claim_number: outcome.claimNumber,
        code: 'unchanged',
        message: 'The claim already has this status, tier and assignee.',
      });
    } else {
      skipped.push({ claim_number: outcome.claimNumber, code: outcome.code, message: outcome.message });
    }
  }

  return { changed, skipped };
};
