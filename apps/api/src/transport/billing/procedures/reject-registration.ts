import { DomainError } from '@switchyard/domain/errors';
import { rejectRegistrationInput } from '@switchyard/domain/transport/billing/schemas';
import { decideRegistration } from '@switchyard/db/transport/billing/registrations';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { rejectedOutput } from '../output-schemas.ts';
import { sendRejectionMail } from '../registration-fee-mail.ts';

/** Rejects a registration, optionally with a reason the family is mailed. */
export const rejectRegistration = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/registrations/{reg_id}/reject',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['registrations'],
      summary: 'Reject a registration, optionally with a reason mailed to the family',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(rejectedOutput)
  .input(rejectRegistrationInput)
  .mutation(async ({ ctx, input }) => {
    const reason = input.reason ?? null;
    const decided = await decideRegistration(ctx.em, ctx.tenantId, input.reg_id, 'rejected', ctx.now(), {
      reason,
      decidedBy: ctx.user.email || ctx.user.id,
    });
    if (!decided) {
      throw new DomainError('not_found', 'Registration not found');
    }
    await auditStaffWrite(ctx, {
      action: 'registration.reject',
      resource: `registration:${decided.id}`,
      householdId: decided.householdId,
      details: { status: { from: decided.previousStatus, to: 'rejected' }, reason },
    });
    const emailSent = await sendRejectionMail(ctx, decided, reason);

    return { status: 'ok' as const, id: decided.id, action: 'rejected' as const, reason, email_sent: emailSent };
  });
