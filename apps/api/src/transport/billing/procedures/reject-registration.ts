import { DomainError } from '@switchyard/domain/errors';
import { registrationRefInput } from '@switchyard/domain/transport/billing/schemas';
import { decideRegistration } from '@switchyard/db/transport/billing/registrations';
import { tenantProcedure } from '../../trpc.ts';
import { rejectedOutput } from '../output-schemas.ts';

export const rejectRegistration = tenantProcedure.meta({ rest: { method: 'PUT', path: '/api/registrations/{reg_id}/reject', status: 200, access: 'tenant', tags: ['registrations'], summary: 'Reject a registration', errors: ['unauthorized', 'forbidden', 'not_found'] } }).output(rejectedOutput).input(registrationRefInput).mutation(async ({ ctx, input }) => {
  const decided = await decideRegistration(ctx.db.fork(), ctx.tenantId, input.reg_id, 'rejected', ctx.now());
  if (!decided) {
    throw new DomainError('not_found', 'Registration not found');
  }

  return { status: 'ok' as const, id: decided.id, action: 'rejected' as const };
});
