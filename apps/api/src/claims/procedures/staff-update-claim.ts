import { staffPatchInput } from '@switchyard/domain/claims/schemas';
import { tierChangeNote } from '@switchyard/domain/claims/status-change';
import { patchClaim } from '@switchyard/db/claims/claim-changes';
import { staffProcedure } from '../trpc.ts';
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
      summary: 'Change status and/or tier',
      errors: ['forbidden', 'not_found', 'conflict'],
    },
  })
  .output(staffClaimDetailOutput)
  .input(staffPatchInput)
  .mutation(async ({ ctx, input }) => {
    const notifyClient = input.notify_client ?? true;
    const { clientNote, tierChangedTo } = await patchClaim(ctx.em, {
      claimNumber: input.claim_number,
      status: input.status,
      tier: input.tier,
      reason: input.reason,
      // A status change tells the client unless staff say not to.
      notifyClient,
      actor: ctx.staffActor,
      now: ctx.now(),
    });
    if (clientNote) {
      await ctx.mailer.claimUpdate(input.claim_number, clientNote);
    }
    // The client sees the tier as the portal's recovery stage, so its change is news too (mail only:
    // the stage itself is on the claim page, no note is added for it).
    if (tierChangedTo && notifyClient) {
      await ctx.mailer.claimUpdate(input.claim_number, tierChangeNote(tierChangedTo));
    }

    return loadStaffClaimDetail(ctx.em, input.claim_number);
  });
