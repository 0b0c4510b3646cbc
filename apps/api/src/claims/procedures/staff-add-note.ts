import { staffNoteInput } from '@switchyard/domain/claims/schemas';
import { authorNameOf } from '@switchyard/domain/claims/staff-members';
import { addNote } from '@switchyard/db/claims/claim-changes';
import { staffProcedure } from '../trpc.ts';
import { presentStaffNote, writtenNote } from '../presenters.ts';
import { staffNoteOutput } from '../output-schemas.ts';

export const staffAddNote = staffProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/staff/claims/{claim_number}/notes',
      status: 201,
      input: 'json',
      access: 'staff',
      tags: ['staff'],
      summary: 'Add a note',
      errors: ['forbidden', 'not_found'],
    },
  })
  .output(staffNoteOutput)
  .input(staffNoteInput)
  .mutation(async ({ ctx, input }) => {
    const added = await addNote(ctx.em, {
      claimNumber: input.claim_number,
      authorType: 'STAFF',
      authorName: input.author_name ?? authorNameOf(ctx.staffCaller),
      content: input.content,
      visibility: input.visibility,
      actor: ctx.staffActor,
      now: ctx.now(),
    });
    const note = writtenNote(added);
    if (note.visibility === 'SHARED') {
      await ctx.mailer.claimUpdate(input.claim_number, `A message from ${note.author_name}:\n${note.content}`);
    }

    return presentStaffNote(note);
  });
