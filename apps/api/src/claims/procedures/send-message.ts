import { messageInput } from '@switchyard/domain/claims/schemas';
import { staffClaimLink } from '@switchyard/domain/claims/sign-in-link';
import { addNote } from '@switchyard/db/claims/claim-changes';
import { clientProcedure } from '../trpc.ts';
import { presentClientNote, writtenNote } from '../presenters.ts';
import { clientNoteOutput } from '../output-schemas.ts';

export const sendMessage = clientProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/claims/{claim_number}/messages',
      status: 201,
      input: 'json',
      access: 'client',
      tags: ['claims'],
      summary: 'Send a message to the team',
      errors: ['unauthorized', 'not_found'],
    },
  })
  .output(clientNoteOutput)
  .input(messageInput)
  .mutation(async ({ ctx, input }) => {
    const { client } = ctx.session;
    const note = await addNote(ctx.em, {
      claimNumber: input.claim_number,
      ownerClientId: client.id,
      authorType: 'CLIENT',
      authorName: client.contact_name,
      subject: input.subject,
      content: input.content,
      visibility: 'SHARED',
      actor: client.client_number,
      now: ctx.now(),
    });
    await ctx.mailer.clientMessage({
      claimId: note.claim.id,
      claimNumber: input.claim_number,
      clientNumber: client.client_number,
      companyName: client.company_name,
      subject: input.subject,
      content: input.content,
      clientEmail: client.email,
      staffLink: staffClaimLink(ctx.env.PORTAL_URL, input.claim_number),
    });

    return presentClientNote(writtenNote(note));
  });
