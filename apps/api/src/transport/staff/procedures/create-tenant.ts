import { DomainError } from '@switchyard/domain/errors';
import { createTenantInput } from '@switchyard/domain/transport/staff/schemas';
import { findTenant, findTenantByDomain } from '@switchyard/db/transport/tenants';
import { insertTenant } from '@switchyard/db/transport/tenants/tenant-admin';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { adminProcedure } from '../../trpc.ts';
import { presentTenant } from '../../tenants/presenters.ts';
import { tenantListOutput } from '../../tenants/output-schemas.ts';

const tenantOutput = tenantListOutput.element;

/** A new tenant from the web app, as `switchyard tenant add` makes one; the platform log records who. */
export const createTenant = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/tenants',
      status: 201,
      input: 'json',
      access: 'admin',
      tags: ['tenants'],
      summary: 'Create a tenant (platform administrators)',
      errors: ['unauthorized', 'forbidden', 'conflict'],
    },
  })
  .output(tenantOutput)
  .input(createTenantInput)
  .mutation(async ({ ctx, input }) => {
    const em = ctx.em;
    if (await findTenant(em, input.slug)) {
      throw new DomainError('conflict', `A tenant with the slug "${input.slug}" already exists`);
    }
    if (input.domain && (await findTenantByDomain(em, input.domain))) {
      throw new DomainError('conflict', `The domain ${input.domain} already belongs to another tenant`);
    }
    const created = await insertTenant(em, {
      id: input.slug,
      name: input.name,
      tier: input.tier,
      theme: {},
      domain: input.domain ?? null,
      timeZone: input.time_zone ?? 'UTC',
      at: ctx.now(),
    });
    if (!created) {
      throw new DomainError('conflict', 'That slug or domain was taken meanwhile');
    }
    await recordTransportAudit(em, {
      tenantId: created.id,
      actor: ctx.user.email || ctx.user.id,
      action: 'tenant.create',
      resource: `tenant:${created.id}`,
      details: {
        name: created.name,
        tier: created.tier,
        ...(created.domain ? { domain: created.domain } : {}),
        ...(input.time_zone ? { time_zone: created.time_zone } : {}),
      },
      adminActor: true,
      at: ctx.now(),
    });

    return presentTenant(created);
  });
