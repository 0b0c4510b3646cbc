import { staffCorrectionInput } from '@switchyard/domain/claims/schemas';
import { correctClaim } from '@switchyard/db/claims/claim-correction';
import { staffProcedure } from '../trpc.ts';
import { loadStaffClaimDetail } from './staff-get-claim.ts';
import { staffClaimDetailOutput } from '../output-schemas.ts';

export const staffCorrectClaim = staffProcedure
  .meta({
    rest: {
      method: 'PATCH',
      path: '/api/staff/claims/{claim_number}/details',
      status: 200,
      input: 'json',
      access: 'staff',
      tags: ['staff'],
      summary: "Correct a claim's amount, description, client reference, invoice date or debtor details; only changed fields are recorded",
      errors: ['forbidden', 'not_found', 'conflict'],
    },
  })
  .output(staffClaimDetailOutput)
  .input(staffCorrectionInput)
  .mutation(async ({ ctx, input }) => {
    // The client is not mailed: a correction puts right what the claim should always have said.
    await correctClaim(ctx.em, { claimNumber: input.claim_number, input, actor: ctx.staffActor, now: ctx.now() });

    return loadStaffClaimDetail(ctx.em, input.claim_number);
  });
