import { assertRefundDate } from '@switchyard/domain/transport/billing/payment-date';
import { recordRefundInput } from '@switchyard/domain/transport/billing/schemas';
import { instantInZone, localDateOf } from '@switchyard/domain/transport/time-zone';
import { recordCreditRefund } from '@switchyard/db/transport/billing/household-credit';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { householdCreditAnswer } from '../credit-answer.ts';
import { householdCreditOutput } from '../credit-outputs.ts';
import { tenantTimeZone } from '../tenant-day.ts';

/**
 * The operator pays household credit back (a refund): at most the credit there is, on a day not
 * after the tenant's today nor before the credit was received, with a note saying how.
 */
export const recordRefund = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/households/{household_id}/refunds',
      status: 201,
      input: 'json',
      access: 'tenant',
      tags: ['billing'],
      summary: 'Refund household credit (amount, day, note); more than the credit is 409, a day after today or before the credit 400',
      errors: ['validation_error', 'unauthorized', 'forbidden', 'not_found', 'conflict'],
    },
  })
  .input(recordRefundInput)
  .output(householdCreditOutput)
  .mutation(async ({ ctx, input }) => {
    const current = await householdCreditAnswer(ctx, input.household_id);
    const zone = await tenantTimeZone(ctx);
    const today = localDateOf(ctx.now(), zone);
    const refundedOn = input.refunded_at ?? today;
    const firstCredit = current.entries.find((entry) => entry.amount > 0)?.occurred_at;
    assertRefundDate(refundedOn, { today, creditSince: firstCredit ? localDateOf(new Date(firstCredit), zone) : today });
    const refunded = await recordCreditRefund(ctx.em, {
      tenantId: ctx.tenantId,
      householdId: input.household_id,
      amountCents: Math.round(input.amount * 100),
      note: input.note,
      at: ctx.now(),
      refundedAt: input.refunded_at ? instantInZone(input.refunded_at, '12:00', zone) : ctx.now(),
      recordedBy: ctx.user.email || ctx.user.id,
    });
    await auditStaffWrite(ctx, {
      action: 'credit.refund',
      resource: `household:${input.household_id}`,
      householdId: input.household_id,
      details: {
        entry_id: refunded.entryId,
        amount: input.amount,
        note: input.note,
        credit: { from: refunded.beforeCents / 100, to: refunded.afterCents / 100 },
      },
    });

    return householdCreditAnswer(ctx, input.household_id);
  });
