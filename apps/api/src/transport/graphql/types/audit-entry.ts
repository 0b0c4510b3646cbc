import { AuditEntryRef } from './refs.ts';

AuditEntryRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    actor: t.exposeString('actor', { description: 'An email, a user id, or `<admin> as <identity> (<role>)` for an impersonated action.' }),
    action: t.exposeString('action'),
    resource: t.exposeString('resource', { nullable: true }),
    details: t.field({
      type: 'JSON',
      description: 'A JSON object, decoded.',
      resolve: (entry) => (typeof entry.details === 'string' ? (JSON.parse(entry.details) as unknown) : entry.details),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (entry) => entry.created_at }),
  }),
});
