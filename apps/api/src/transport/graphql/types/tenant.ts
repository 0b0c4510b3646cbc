import { TenantRef } from './refs.ts';

TenantRef.implement({
  description: 'A transport operator: the unit every report is scoped to.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The slug, as in `/{tenant}/api` and `X-Tenant-Id`.' }),
    name: t.exposeString('name'),
    tier: t.exposeString('tier', { description: '`starter`, `standard` or `enterprise`.' }),
    domain: t.exposeString('domain', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (tenant) => tenant.created_at }),
  }),
});
