import { logActionInput } from '@switchyard/domain/transport/tenants/schemas';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import { impersonationProcedure } from '../impersonation-procedure.ts';
import { impersonationActor } from '../impersonation-actor.ts';
import { logActionOutput } from '../output-schemas.ts';

export const logAction = impersonationProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/ops/log-action',
      status: 200,
      input: 'json',
      access: 'impersonation',
      tags: ['ops'],
      summary: 'Record an action taken while impersonating',
      errors: ['unauthorized'],
    },
  })
  .output(logActionOutput)
  .input(logActionInput)
  .mutation(async ({ ctx, input }) => {
    const id = await recordTransportAudit(ctx.em, {
      tenantId: ctx.impersonation.tenantId,
      actor: impersonationActor(ctx.impersonation),
      action: input.action,
      resource: input.resource ?? null,
      details: input.details ?? {},
      at: ctx.now(),
    });

    return { status: 'ok', id, logged: true };
  });
