import { escapeHtml } from '@switchyard/domain/claims/escape-html';
import { AuthorTypeEnum, NoteVisibilityEnum } from './enums.ts';
import { NoteRef } from './refs.ts';

NoteRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    authorType: t.field({ type: AuthorTypeEnum, resolve: (note) => note.author_type }),
    authorName: t.exposeString('author_name'),
    subject: t.exposeString('subject', { nullable: true }),
    content: t.string({
      description: 'HTML-escaped, as everywhere the service returns note text.',
      resolve: (note) => escapeHtml(note.content),
    }),
    visibility: t.field({ type: NoteVisibilityEnum, resolve: (note) => note.visibility }),
    crmId: t.exposeString('crm_id', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (note) => note.created_at }),
  }),
});
