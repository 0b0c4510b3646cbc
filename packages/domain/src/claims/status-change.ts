import { DomainError } from '../errors.ts';
import { OPEN_STATUSES, RESOLVED_STATUSES, STATUS_LABELS, TIER_LABELS, type ClaimStatus, type ClaimTier } from './vocabulary.ts';

export type ClaimDates = { dateAssigned: Date | null; dateResolved: Date | null };

export type StatusChange =
  { kind: 'unchanged' } | { kind: 'changed'; from: ClaimStatus; to: ClaimStatus; dates: ClaimDates; clientNote: string };

/**
 * Decides what a staff status change does. Only a move back to NEW is refused: NEW means "not yet
 * looked at", and a claim that has been reviewed cannot honestly claim that again.
 */
export const planStatusChange = (current: { status: ClaimStatus } & ClaimDates, next: ClaimStatus, now: Date): StatusChange => {
  if (current.status === next) {
    return { kind: 'unchanged' };
  }
  if (next === 'NEW') {
    throw new DomainError('conflict', `A claim cannot move back to NEW (it is ${current.status}).`);
  }
  let { dateAssigned, dateResolved } = current;
  if (current.status === 'NEW' && dateAssigned === null) {
    dateAssigned = now;
  }
  // date_resolved records when the claim was settled, closed or written off. Rejecting it
  // afterwards does not undo that; only pursuing it again (an open status) does.
  if (RESOLVED_STATUSES.includes(next)) {
    dateResolved = now;
  } else if (OPEN_STATUSES.includes(next)) {
    dateResolved = null;
  }

  return {
    kind: 'changed',
    from: current.status,
    to: next,
    dates: { dateAssigned, dateResolved },
    clientNote: `Status changed to ${STATUS_LABELS[next]}`,
  };
};

/**
 * The line a client's news mail gives a change of tier, in the words of the portal's "Recovery
 * stage" steps; the lien threat, a sub-stage, is named as its badge is.
 */
export const tierChangeNote = (next: ClaimTier): string => `Recovery stage changed to ${TIER_LABELS[next]}`;
