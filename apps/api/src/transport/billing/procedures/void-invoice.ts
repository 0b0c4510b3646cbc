import { voidInvoiceInput } from '@switchyard/domain/transport/billing/schemas';
import { voidTenantInvoice } from '@switchyard/db/transport/billing/invoice-lifecycle';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { invoiceAnswer } from '../invoice-answer.ts';
import { invoiceDetailOutput } from '../invoice-outputs.ts';
import { expireCheckouts } from '../payment-links.ts';

/**
 * Cancels an invoice nobody paid anything of, keeping the reason, and expires its open checkout so
 * it can no longer be paid; paid, part-paid and void invoices answer 409.
 */
export const voidInvoice = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/invoices/{invoice_id}/void',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary: 'Void an invoice nobody paid anything of, with a reason',
      errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
    },
  })
  .input(voidInvoiceInput)
  .output(invoiceDetailOutput)
  .mutation(async ({ ctx, input }) => {
    const voided = await voidTenantInvoice(ctx.em, {
      tenantId: ctx.tenantId,
      invoiceId: input.invoice_id,
      reason: input.reason,
      at: ctx.now(),
    });
    const answer = await invoiceAnswer(ctx, input.invoice_id);
    await auditStaffWrite(ctx, {
      action: 'invoice.void',
      resource: `invoice:${input.invoice_id}`,
      householdId: answer.household_id,
      details: { status: { from: voided.before, to: 'void' }, reason: input.reason },
    });
    await expireCheckouts(ctx.env, ctx.logger, voided.expired);

    return answer;
  });
