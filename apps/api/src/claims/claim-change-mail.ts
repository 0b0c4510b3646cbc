import { tierChangeNote } from '@switchyard/domain/claims/status-change';
import type { ClaimPatchResult } from '@switchyard/db/claims/claim-changes';
import type { ClaimsMailer } from './mail/claims-mailer.ts';

/**
 * Queues the client's news of one staff change, as a single change and each claim of a bulk change
 * do alike: the status note, and the tier as the portal's recovery stage (mail only: the stage is on
 * the claim page, no note is added for it).
 */
export const mailClientOfChange = async (
  mailer: ClaimsMailer,
  claimNumber: string,
  result: ClaimPatchResult,
  notifyClient: boolean,
): Promise<void> => {
  if (result.clientNote) {
    await mailer.claimUpdate(claimNumber, result.clientNote);
  }
  if (result.tierChangedTo && notifyClient) {
    await mailer.claimUpdate(claimNumber, tierChangeNote(result.tierChangedTo));
  }
};
