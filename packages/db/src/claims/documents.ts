import { LockMode } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';
import { DomainError } from '@switchyard/domain/errors';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { SYSTEM_ACTOR, SYSTEM_AUTHOR_NAME, type Uploader } from '@switchyard/domain/claims/vocabulary';
import { recordAudit } from './audit.ts';
import { addNoteInTx } from './claim-changes.ts';
import { Claim, Document } from './entities.ts';

export type NewDocument = {
  claimNumber: string;
  ownerClientId?: string | undefined;
  originalName: string;
  storageName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  uploadedBy: Uploader;
  clientVisible: boolean;
  actor: string;
  now: Date;
};

/** Looks up the claim an upload is for before the file is accepted, so a stranger's upload stops early. */
export const findUploadTarget = async (
  em: SqlEntityManager,
  claimNumber: string,
  ownerClientId?: string,
): Promise<{ claimId: string; documentCount: number } | null> => {
  const row = await db(em)
    .selectFrom('claims_claim as c')
    .select((eb) => [
      'c.id',
      eb.selectFrom('claims_document as d').select(eb.fn.countAll().as('n')).whereRef('d.claim_id', '=', 'c.id').as('n'),
    ])
    .where('c.claim_number', '=', claimNumber)
    .$if(ownerClientId !== undefined, (query) => query.where('c.client_id', '=', ownerClientId ?? ''))
    .executeTakeFirst();

  // count(*) is a bigint, which the driver answers as text.
  return row ? { claimId: row.id, documentCount: Number(row.n) } : null;
};

/**
 * Records an uploaded file and answers it as stored. The claim row is locked while counting, so
 * two uploads racing for the last free place cannot both take it.
 */
export const recordDocument = (em: SqlEntityManager, input: NewDocument): Promise<Document> =>
  em.fork().transactional(async (tx) => {
    const claim = await tx.findOne(
      Claim,
      { claimNumber: input.claimNumber, ...(input.ownerClientId ? { client: input.ownerClientId } : {}) },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!claim) {
      throw new DomainError('not_found', `Claim ${input.claimNumber} not found.`);
    }
    const count = await tx.count(Document, { claim });
    if (count >= LIMITS.documentsPerClaim) {
      throw new DomainError('validation_error', `A claim holds at most ${LIMITS.documentsPerClaim} documents.`);
    }
    const document = tx.create(Document, {
      id: randomUUID(),
      claim,
      originalName: input.originalName,
      storageName: input.storageName,
      mimeType: input.mimeType,
      sizeBytes: input.sizeBytes,
      sha256: input.sha256,
      uploadedBy: input.uploadedBy,
      clientVisible: input.clientVisible,
      createdAt: input.now,
    });
    recordAudit(tx, {
      entityType: 'document',
      entityId: document.id,
      claimId: claim.id,
      action: 'upload',
      field: 'original_name',
      newValue: input.originalName,
      actor: input.actor,
      at: input.now,
    });
    // The announcement is as visible as the document: an internal file's name stays internal.
    addNoteInTx(tx, {
      claim,
      authorType: 'SYSTEM',
      authorName: SYSTEM_AUTHOR_NAME,
      content: `Document uploaded: ${input.originalName}`,
      visibility: input.clientVisible ? 'SHARED' : 'INTERNAL',
      actor: SYSTEM_ACTOR,
      now: input.now,
    });
    await tx.flush();

    return document;
  });

/** Of the given file names, those a document row names (the others are not part of any claim). */
export const recordedStorageNames = async (em: SqlEntityManager, names: readonly string[]): Promise<Set<string>> => {
  const found = new Set<string>();
  for (let start = 0; start < names.length; start += 500) {
    const batch = names.slice(start, start + 500);
    const rows = await db(em).selectFrom('claims_document').select('storage_name').where('storage_name', 'in', batch).execute();
    rows.forEach((row) => found.add(row.storage_name));
  }

  return found;
};
