import { DomainError } from '@switchyard/domain/errors';
import { documentRefInput } from '@switchyard/domain/claims/schemas';
import { hashToken, secretsMatch } from '@switchyard/domain/claims/tokens';
import { findClaim, findDocument } from '@switchyard/db/claims/claim-reads';
import { touchSession } from '@switchyard/db/claims/sign-in';
import { touchStaffSession } from '@switchyard/db/claims/staff-members';
import { publicProcedure } from '../trpc.ts';
import type { ClaimsContext } from '../context.ts';

/** Staff with a valid key or a member's session see every file; a client sees the visible files of their own claims. */
const resolveReader = async (ctx: ClaimsContext): Promise<{ kind: 'staff' } | { kind: 'client'; clientId: string }> => {
  if (ctx.staffKeyHeader !== null) {
    if (!secretsMatch(ctx.staffKeyHeader, ctx.staffKey)) {
      throw new DomainError('forbidden', 'A valid staff key is required.');
    }

    return { kind: 'staff' };
  }
  const session = ctx.bearerToken ? await touchSession(ctx.em, hashToken(ctx.bearerToken), ctx.now()) : null;
  // A named staff member's session is a bearer token too; it matches no client session.
  if (!session && ctx.bearerToken && (await touchStaffSession(ctx.em, hashToken(ctx.bearerToken), ctx.now()))) {
    return { kind: 'staff' };
  }
  if (!session) {
    throw new DomainError('unauthorized', 'Sign in to continue.');
  }

  return { kind: 'client', clientId: session.client.id };
};

export const downloadDocument = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/claims/{claim_number}/documents/{document_id}',
      status: 200,
      access: 'client',
      tags: ['documents'],
      summary: 'Download a document (client or staff)',
      errors: ['unauthorized', 'forbidden', 'not_found', 'service_unavailable'],
      streamsFile: true,
    },
  })
  .input(documentRefInput)
  .query(async ({ ctx, input }) => {
    const reader = await resolveReader(ctx);
    const em = ctx.em;
    const claim = await findClaim(em, input.claim_number, reader.kind === 'client' ? reader.clientId : undefined);
    const document = claim && (await findDocument(em, claim.id, input.document_id));
    if (!document || (reader.kind === 'client' && !document.client_visible)) {
      throw new DomainError('not_found', 'Document not found.');
    }
    if (!ctx.transport.sendFile) {
      throw new DomainError('validation_error', 'Download documents from the REST path.');
    }
    ctx.transport.sendFile({
      open: async () => (await ctx.documents.open(document.storage_name)).stream,
      mimeType: document.mime_type,
      fileName: document.original_name,
      sizeBytes: document.size_bytes,
    });

    return { id: document.id };
  });
