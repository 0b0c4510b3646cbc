import { DomainError } from '@switchyard/domain/errors';
import { registrationRefInput } from '@switchyard/domain/transport/billing/schemas';
import { decideRegistration } from '@switchyard/db/transport/billing/registrations';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { sendRegistrationFeeMail } from '../registration-fee-mail.ts';
import { approvedOutput } from '../output-schemas.ts';

export const approveRegistration = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/registrations/{reg_id}/approve',
      status: 200,
      access: 'tenant',
      tags: ['registrations'],
      summary: 'Approve a registration and email the registration fee',
      errors: ['unauthorized', 'forbidden', 'not_found'],
    },
  })
  .output(approvedOutput)
  .input(registrationRefInput)
  .mutation(async ({ ctx, input }) => {
    const decided = await decideRegistration(ctx.em, ctx.tenantId, input.reg_id, 'approved', ctx.now(), {
      decidedBy: ctx.user.email || ctx.user.id,
    });
    if (!decided) {
      throw new DomainError('not_found', 'Registration not found');
    }
    await auditStaffWrite(ctx, {
      action: 'registration.approve',
      resource: `registration:${decided.id}`,
      householdId: decided.householdId,
      details: { status: { from: decided.previousStatus, to: 'approved' } },
    });
    const emailSent = await sendRegistrationFeeMail(ctx, decided);

    return { status: 'ok' as const, id: decided.id, action: 'approved' as const, email_sent: emailSent };
  });
