import { DomainError } from '@switchyard/domain/errors';
import { registrationRefInput } from '@switchyard/domain/transport/billing/schemas';
import { decideRegistration } from '@switchyard/db/transport/billing/registrations';
import { tenantProcedure } from '../../trpc.ts';

export const rejectRegistration = tenantProcedure.input(registrationRefInput).mutation(async ({ ctx, input }) => {
  const decided = await decideRegistration(ctx.db.fork(), ctx.tenantId, input.reg_id, 'rejected', ctx.now());
  if (!decided) {
    throw new DomainError('not_found', 'Registration not found');
  }

  return { status: 'ok' as const, id: decided.id, action: 'rejected' as const };
});
