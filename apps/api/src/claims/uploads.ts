import { DomainError } from '@switchyard/domain/errors';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { checkUploadType, sanitizeFileName } from '@switchyard/domain/claims/upload-rules';
import type { Uploader } from '@switchyard/domain/claims/vocabulary';
import { findUploadTarget, recordDocument } from '@switchyard/db/claims/documents';
import type { ClaimsContext } from './context.ts';
import { storedDocument, type StoredDocument } from './presenters.ts';

/** Asked before the body is read: is there such a claim for this caller, and room for a file? */
export const checkUploadTarget = async (ctx: ClaimsContext, claimNumber: string, ownerClientId?: string): Promise<void> => {
  const target = await findUploadTarget(ctx.em, claimNumber, ownerClientId);
  if (!target) {
    throw new DomainError('not_found', `Claim ${claimNumber} not found.`);
  }
  if (target.documentCount >= LIMITS.documentsPerClaim) {
    throw new DomainError('validation_error', `A claim holds at most ${LIMITS.documentsPerClaim} documents.`);
  }
};

/** Checks the streamed file and records it; the transport removes the file if this throws. */
export const acceptUpload = async (
  ctx: ClaimsContext,
  target: { claimNumber: string; ownerClientId?: string; uploadedBy: Uploader; clientVisible: boolean; actor: string },
): Promise<StoredDocument> => {
  const upload = ctx.transport.upload;
  if (!upload) {
    throw new DomainError('validation_error', 'Send the file as multipart/form-data to the documents path.');
  }
  if (upload.sizeBytes === 0) {
    throw new DomainError('validation_error', 'The file is empty.');
  }
  const originalName = sanitizeFileName(upload.originalName);
  const mimeType = checkUploadType({ fileName: originalName, declaredMime: upload.declaredMime, head: upload.head });
  const recorded = await recordDocument(ctx.em, {
    claimNumber: target.claimNumber,
    ownerClientId: target.ownerClientId,
    originalName,
    storageName: upload.storageName,
    mimeType,
    sizeBytes: upload.sizeBytes,
    sha256: upload.sha256,
    uploadedBy: target.uploadedBy,
    clientVisible: target.clientVisible,
    actor: target.actor,
    now: ctx.now(),
  });
  const stored = storedDocument(recorded);
  ctx.logger.info({ claimNumber: target.claimNumber, documentId: stored.id, sizeBytes: stored.size_bytes }, 'document stored');

  return stored;
};
