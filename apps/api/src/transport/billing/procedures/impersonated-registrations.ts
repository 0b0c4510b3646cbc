import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { listRegistrations } from '@switchyard/db/transport/billing/registrations';
import { impersonationProcedure } from '../../tenants/impersonation-procedure.ts';
import { impersonationActor } from '../../tenants/impersonation-actor.ts';
import { registrationsOutput } from '../output-schemas.ts';
import { presentRegistration } from '../presenters.ts';

/** What the impersonated tenant's staff would see; every look is audited. */
export const impersonatedRegistrations = impersonationProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/ops/impersonated/registrations',
      status: 200,
      access: 'impersonation',
      tags: ['ops'],
      summary: 'Registrations of the impersonated tenant (audited)',
      errors: ['unauthorized'],
    },
  })
  .output(registrationsOutput)
  .query(async ({ ctx }) => {
    const registrations = (await listRegistrations(ctx.em, ctx.impersonation.tenantId, { status: 'all' })).map(presentRegistration);
    await recordTransportAudit(ctx.em, {
      tenantId: ctx.impersonation.tenantId,
      actor: impersonationActor(ctx.impersonation),
      action: 'list_registrations',
      resource: 'registrations',
      details: { count: registrations.length },
      at: ctx.now(),
    });

    return registrations;
  });
