import { claimRefInput, uploadInput } from '@switchyard/domain/claims/schemas';
import { staffProcedure } from '../trpc.ts';
import { acceptUpload, checkUploadTarget } from '../uploads.ts';
import { presentStaffDocument } from '../presenters.ts';
import { staffDocumentOutput } from '../output-schemas.ts';

export const checkStaffUpload = staffProcedure.input(claimRefInput).query(({ ctx, input }) => checkUploadTarget(ctx, input.claim_number));

export const uploadStaffDocument = staffProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/claims/{claim_number}/documents',
      status: 201,
      input: 'multipart',
      access: 'staff',
      tags: ['staff'],
      summary: 'Upload a document as staff',
      errors: ['forbidden', 'not_found', 'payload_too_large', 'unsupported_media_type', 'service_unavailable'],
      preflight: checkStaffUpload,
    },
  })
  .output(staffDocumentOutput)
  .input(uploadInput)
  .mutation(async ({ ctx, input }) => {
    const stored = await acceptUpload(ctx, {
      claimNumber: input.claim_number,
      uploadedBy: 'STAFF',
      // Staff files are internal unless staff say otherwise.
      clientVisible: input.client_visible === 'true',
      actor: ctx.staffActor,
    });
    if (stored.client_visible) {
      await ctx.mailer.claimUpdate(input.claim_number, `A new document for you: ${stored.original_name}`);
    }

    return presentStaffDocument(stored);
  });
