import { LockMode } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainError } from '@switchyard/domain/errors';
import { planStatusChange } from '@switchyard/domain/claims/status-change';
import { ensureAssignable } from '@switchyard/domain/claims/assignee';
import {
  SYSTEM_ACTOR,
  SYSTEM_AUTHOR_NAME,
  type AuthorType,
  type ClaimStatus,
  type ClaimTier,
  type NoteVisibility,
} from '@switchyard/domain/claims/vocabulary';
import { recordAudit } from './audit.ts';
import { Claim, Note } from './entities.ts';
import { StaffMember } from './staff-entities.ts';

export type ClaimPatch = {
  claimNumber: string;
  status?: ClaimStatus | undefined;
  tier?: ClaimTier | undefined;
  reason?: string | undefined;
  /** A staff member's id, null for nobody, undefined to leave the assignee as it is. */
  assigneeId?: string | null | undefined;
  notifyClient: boolean;
  actor: string;
  now: Date;
};

export type ClaimPatchResult = {
  /** Whether anything was written (false: the claim already was as asked). */
  changed: boolean;
  clientNote: string | null;
  tierChangedTo: ClaimTier | null;
};

const lockClaim = async (tx: SqlEntityManager, claimNumber: string) => {
  // The row lock serialises concurrent changes of one claim (two staff members, two uploads): a
  // plain FOR UPDATE, which waits for the holder; a skipping lock would make a busy claim look absent.
  const claim = await tx.findOne(Claim, { claimNumber }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!claim) {
    throw new DomainError('not_found', `Claim ${claimNumber} not found.`);
  }

  return claim;
};

/**
 * Applies a staff change of status, tier and/or assignee with its audit rows and optional client
 * note, all or nothing; answers whether anything changed and the note the client was given, if any.
 * A bulk change runs it once per claim, so each claim obeys the same rules as a single change.
 */
export const patchClaim = (em: SqlEntityManager, patch: ClaimPatch): Promise<ClaimPatchResult> =>
  em.fork().transactional(async (tx) => {
    const claim = await lockClaim(tx, patch.claimNumber);
    if (patch.assigneeId) {
      // Read in the change's transaction: a member deactivated a moment ago is not given the claim.
      ensureAssignable(await tx.findOne(StaffMember, { id: patch.assigneeId }));
    }
    let changed = false;
    let clientNote: string | null = null;
    let tierChangedTo: ClaimTier | null = null;
    if (patch.status !== undefined) {
      const plan = planStatusChange(
        { status: claim.status, dateAssigned: claim.dateAssigned ?? null, dateResolved: claim.dateResolved ?? null },
        patch.status,
        patch.now,
      );
      if (plan.kind === 'changed') {
        claim.status = plan.to;
        claim.dateAssigned = plan.dates.dateAssigned;
        claim.dateResolved = plan.dates.dateResolved;
        changed = true;
        recordAudit(tx, {
          entityType: 'claim',
          entityId: claim.id,
          claimId: claim.id,
          action: 'status_change',
          field: 'status',
          oldValue: plan.from,
          newValue: plan.to,
          actor: patch.actor,
          reason: patch.reason ?? null,
          at: patch.now,
        });
        if (patch.notifyClient) {
          clientNote = plan.clientNote;
          addNoteInTx(tx, {
            claim,
            authorType: 'SYSTEM',
            authorName: SYSTEM_AUTHOR_NAME,
            content: plan.clientNote,
            visibility: 'SHARED',
            actor: SYSTEM_ACTOR,
            now: patch.now,
          });
        }
      }
    }
    if (patch.tier !== undefined && patch.tier !== claim.tier) {
      recordAudit(tx, {
        entityType: 'claim',
        entityId: claim.id,
        claimId: claim.id,
        action: 'update',
        field: 'tier',
        oldValue: claim.tier,
        newValue: patch.tier,
        actor: patch.actor,
        reason: patch.reason ?? null,
        at: patch.now,
      });
      claim.tier = patch.tier;
      tierChangedTo = patch.tier;
      changed = true;
    }
    const oldAssignee = claim.assigneeId ?? null;
    if (patch.assigneeId !== undefined && patch.assigneeId !== oldAssignee) {
      recordAudit(tx, {
        entityType: 'claim',
        entityId: claim.id,
        claimId: claim.id,
        action: 'assign',
        field: 'assignee_id',
        oldValue: oldAssignee,
        newValue: patch.assigneeId,
        actor: patch.actor,
        reason: patch.reason ?? null,
        at: patch.now,
      });
      claim.assigneeId = patch.assigneeId;
      changed = true;
    }
    if (changed) {
      claim.updatedAt = patch.now;
    }
    await tx.flush();

    return { changed, clientNote, tierChangedTo };
  });

export type NewNote = {
  claim: Claim;
  authorType: AuthorType;
  authorName: string;
  subject?: string | null;
  content: string;
  visibility: NoteVisibility;
  actor: string;
  now: Date;
};

/** Queues a note and its audit row in the caller's unit of work. */
export const addNoteInTx = (tx: SqlEntityManager, input: NewNote): Note => {
  const note = tx.create(Note, {
    id: randomUUID(),
    claim: input.claim,
    authorType: input.authorType,
    authorName: input.authorName,
    subject: input.subject ?? null,
    content: input.content,
    visibility: input.visibility,
    createdAt: input.now,
  });
  recordAudit(tx, {
    entityType: 'note',
    entityId: note.id,
    claimId: input.claim.id,
    action: 'note_add',
    field: 'visibility',
    newValue: input.visibility,
    actor: input.actor,
    at: input.now,
  });

  return note;
};

/** Adds a note (staff note or client message) to a claim the caller is allowed to see; answers it as stored. */
export const addNote = (
  em: SqlEntityManager,
  input: Omit<NewNote, 'claim'> & { claimNumber: string; ownerClientId?: string },
): Promise<Note> =>
  em.fork().transactional(async (tx) => {
    const claim = await tx.findOne(Claim, {
      claimNumber: input.claimNumber,
      ...(input.ownerClientId ? { client: input.ownerClientId } : {}),
    });
    if (!claim) {
      throw new DomainError('not_found', `Claim ${input.claimNumber} not found.`);
    }
    const note = addNoteInTx(tx, { ...input, claim });
    await tx.flush();

    return note;
  });

/** A mail that could not be sent is recorded so staff can follow up by other means. */
export const recordEmailFailure = async (em: SqlEntityManager, input: { claimId: string; cause: string; now: Date }): Promise<void> => {
  const tx = em.fork();
  recordAudit(tx, {
    entityType: 'claim',
    entityId: input.claimId,
    claimId: input.claimId,
    action: 'note_add',
    field: 'email_delivery',
    newValue: 'failed',
    reason: input.cause.slice(0, 200),
    actor: SYSTEM_ACTOR,
    at: input.now,
  });
  await tx.flush();
};
