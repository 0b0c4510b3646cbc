import { z } from 'zod';
import { ensureAssignable, resolveAssigneeFilter } from '@switchyard/domain/claims/assignee';
import { staffBulkInput, summarizeBulk, type BulkOutcome, type StaffBulkInput } from '@switchyard/domain/claims/bulk-change';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { DomainError } from '@switchyard/domain/errors';
import { patchClaim } from '@switchyard/db/claims/claim-changes';
import { findStaffMember } from '@switchyard/db/claims/staff-members';
import { matchingClaimNumbers } from '@switchyard/db/claims/staff-reads';
import { staffProcedure } from '../trpc.ts';
import { mailClientOfChange } from '../claim-change-mail.ts';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { StaffCaller } from '@switchyard/domain/claims/staff-members';

export const staffBulkOutput = z.strictObject({
  changed: z.array(z.string()).describe('the claims changed, each with its own audit rows'),
  skipped: z
    .array(z.strictObject({ claim_number: z.string(), code: z.string(), message: z.string() }))
    .describe('the claims left as they were, and why: not_found, conflict (a transition not allowed), unchanged (already as asked)'),
});

/** The claims a bulk change takes: those named, or those the list's filters match (at most the limit). */
const claimsOf = async (em: SqlEntityManager, caller: StaffCaller, input: StaffBulkInput): Promise<string[]> => {
  if (input.claim_numbers) {
    return input.claim_numbers;
  }
  const filters = input.filters ?? {};
  const assignee = resolveAssigneeFilter(filters.assignee, caller);
  const { claimNumbers, total } = await matchingClaimNumbers(em, { ...filters, assignee }, LIMITS.bulkChangeMax);
  if (total > LIMITS.bulkChangeMax) {
    throw new DomainError(
      'validation_error',
      `filters: ${total} claims match; one bulk change takes at most ${LIMITS.bulkChangeMax}, so narrow the filters.`,
    );
  }

  return claimNumbers;
};

/**
 * One change for many claims. Each claim is its own transaction through the single change's rule
 * (patchClaim): a claim the rule refuses is skipped and said why, the others are changed, each with
 * its own audit rows and, when asked, its client's news mail.
 */
export const staffBulkChange = staffProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/claims/bulk',
      status: 200,
      input: 'json',
      access: 'staff',
      tags: ['staff'],
      summary: 'Change status, tier and/or assignee of many claims (named, or matched by the list filters; at most 500)',
      errors: ['forbidden', 'conflict'],
    },
  })
  .output(staffBulkOutput)
  .input(staffBulkInput)
  .mutation(async ({ ctx, input }) => {
    const { change } = input;
    // An assignee nobody could be given refuses the whole request before any claim is touched.
    if (change.assignee_id) {
      ensureAssignable(await findStaffMember(ctx.em, change.assignee_id));
    }
    const claimNumbers = await claimsOf(ctx.em, ctx.staffCaller, input);
    // Many clients would be mailed at once, so a bulk change tells them only when asked to.
    const notifyClient = input.notify_client ?? false;
    const outcomes: BulkOutcome[] = [];
    for (const claimNumber of claimNumbers) {
      try {
        const result = await patchClaim(ctx.em, {
          claimNumber,
          status: change.status,
          tier: change.tier,
          assigneeId: change.assignee_id,
          reason: input.reason,
          notifyClient,
          actor: ctx.staffActor,
          now: ctx.now(),
        });
        await mailClientOfChange(ctx.mailer, claimNumber, result, notifyClient);
        outcomes.push({ claimNumber, kind: result.changed ? 'changed' : 'unchanged' });
      } catch (error) {
        // A refusal of the rule is this claim's answer; anything else (the database gone) stops the run.
        if (!(error instanceof DomainError) || !['not_found', 'conflict', 'validation_error'].includes(error.code)) {
          throw error;
        }
        outcomes.push({ claimNumber, kind: 'refused', code: error.code, message: error.message });
      }
    }

    return summarizeBulk(outcomes);
  });
