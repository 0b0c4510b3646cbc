import { DomainError } from '@switchyard/domain/errors';
import { claimRefInput } from '@switchyard/domain/claims/schemas';
import { findClaim, findClientRow, findDebtorRow, listClaimAudit, listDocuments, listNotes } from '@switchyard/db/claims/claim-reads';
import { markClientActivitySeen } from '@switchyard/db/claims/client-activity';
import { findStaffMember } from '@switchyard/db/claims/staff-members';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { staffProcedure } from '../trpc.ts';
import { presentStaffClaimDetail } from '../presenters.ts';
import { staffClaimDetailOutput } from '../output-schemas.ts';

/** The full staff view of one claim; also the answer of a staff PATCH. */
export const loadStaffClaimDetail = async (em: SqlEntityManager, claimNumber: string) => {
  const claim = await findClaim(em, claimNumber);
  if (!claim) {
    throw new DomainError('not_found', `Claim ${claimNumber} not found.`);
  }
  const [client, debtor, documents, notes, audit, assignee] = await Promise.all([
    findClientRow(em, claim.client_id),
    findDebtorRow(em, claim.debtor_id),
    listDocuments(em, claim.id, false),
    listNotes(em, claim.id, false),
    listClaimAudit(em, claim.id),
    claim.assignee_id ? findStaffMember(em, claim.assignee_id) : null,
  ]);
  if (!client || !debtor) {
    throw new Error(`claim ${claimNumber} has lost its client or debtor`);
  }

  return presentStaffClaimDetail({
    claim,
    client,
    debtor,
    documents,
    notes,
    audit,
    assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
  });
};

export const staffGetClaim = staffProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/staff/claims/{claim_number}',
      status: 200,
      access: 'staff',
      tags: ['staff'],
      summary: 'Full claim detail; opening it clears the client activity mark for the whole team and records who saw it',
      errors: ['forbidden', 'not_found'],
    },
  })
  .output(staffClaimDetailOutput)
  .input(claimRefInput)
  .query(async ({ ctx, input }) => {
    const claim = await findClaim(ctx.em, input.claim_number);
    if (claim) {
      await markClientActivitySeen(ctx.em, { claimId: claim.id, actor: ctx.staffActor, now: ctx.now() });
    }

    return loadStaffClaimDetail(ctx.em, input.claim_number);
  });
