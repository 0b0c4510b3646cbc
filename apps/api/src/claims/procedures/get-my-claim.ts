import { DomainError } from '@switchyard/domain/errors';
import { claimRefInput } from '@switchyard/domain/claims/schemas';
import { findClaim, findDebtorRow, listDocuments, listNotes } from '@switchyard/db/claims/claim-reads';
import { markClaimViewed } from '@switchyard/db/claims/client-claims';
import { clientProcedure } from '../trpc.ts';
import { presentClientClaimDetail } from '../presenters.ts';
import { clientClaimDetailOutput } from '../output-schemas.ts';

export const getMyClaim = clientProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/claims/{claim_number}',
      status: 200,
      access: 'client',
      tags: ['claims'],
      summary: 'One claim of the client',
      errors: ['unauthorized', 'not_found'],
    },
  })
  .output(clientClaimDetailOutput)
  .input(claimRefInput)
  .query(async ({ ctx, input }) => {
    const em = ctx.em;
    // Another client's claim is answered exactly like a missing one.
    const claim = await findClaim(em, input.claim_number, ctx.session.client.id);
    const debtor = claim && (await findDebtorRow(em, claim.debtor_id));
    if (!claim || !debtor) {
      throw new DomainError('not_found', `Claim ${input.claim_number} not found.`);
    }
    const [documents, notes] = await Promise.all([listDocuments(em, claim.id, true), listNotes(em, claim.id, true)]);
    // Opening the claim is reading its news.
    await markClaimViewed(em, claim.id, ctx.now());

    return presentClientClaimDetail(claim, debtor, documents, notes);
  });
