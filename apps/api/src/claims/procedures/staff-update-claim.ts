import { staffPatchInput } from '@switchyard/domain/claims/schemas';
import { patchClaim } from '@switchyard/db/claims/claim-changes';
import { staffProcedure } from '../trpc.ts';
import { mailClientOfChange } from '../claim-change-mail.ts';
import { loadStaffClaimDetail } from './staff-get-claim.ts';
import { staffClaimDetailOutput } from '../output-schemas.ts';

export const staffUpdateClaim = staffProcedure
  .meta({
    rest: {
      method: 'PATCH',
      path: '/api/staff/claims/{claim_number}',
      status: 200,
      input: 'json',
      access: 'staff',
      tags: ['staff'],
      summary: 'Change status, tier and/or assignee (assignee_id: an active staff member, or null for nobody)',
      errors: ['forbidden', 'not_found', 'conflict'],
    },
  })
  .output(staffClaimDetailOutput)
  .input(staffPatchInput)
  .mutation(async ({ ctx, input }) => {
    const notifyClient = input.notify_client ?? true;
    const result = await patchClaim(ctx.em, {
      claimNumber: input.claim_number,
      status: input.status,
      tier: input.tier,
      reason: input.reason,
      assigneeId: input.assignee_id,
      // A status change tells the client unless staff say not to.
      notifyClient,
      actor: ctx.staffActor,
      now: ctx.now(),
    });
    await mailClientOfChange(ctx.mailer, input.claim_number, result, notifyClient);

    return loadStaffClaimDetail(ctx.em, input.claim_number);
  });
