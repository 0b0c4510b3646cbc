import { claimRefInput, uploadInput } from '@switchyard/domain/claims/schemas';
import { DomainError } from '@switchyard/domain/errors';
import { clientProcedure } from '../trpc.ts';
import { acceptUpload, checkUploadTarget } from '../uploads.ts';
import { presentDocument } from '../presenters.ts';
import { documentOutput } from '../output-schemas.ts';

export const checkClientUpload = clientProcedure
  .input(claimRefInput)
  .query(({ ctx, input }) => checkUploadTarget(ctx, input.claim_number, ctx.session.client.id));

export const uploadClientDocument = clientProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/claims/{claim_number}/documents',
      status: 201,
      input: 'multipart',
      access: 'client',
      tags: ['documents'],
      summary: 'Upload a document',
      errors: ['unauthorized', 'not_found', 'payload_too_large', 'unsupported_media_type', 'service_unavailable'],
      preflight: checkClientUpload,
      documentedInput: uploadInput.omit({ client_visible: true }),
    },
  })
  .output(documentOutput)
  .input(uploadInput)
  .mutation(async ({ ctx, input }) => {
    if (input.client_visible !== undefined) {
      throw new DomainError('validation_error', 'Unknown field "client_visible".');
    }
    const stored = await acceptUpload(ctx, {
      claimNumber: input.claim_number,
      ownerClientId: ctx.session.client.id,
      uploadedBy: 'CLIENT',
      // What a client uploads is theirs to see.
      clientVisible: true,
      actor: ctx.session.client.client_number,
    });

    return presentDocument(stored);
  });
