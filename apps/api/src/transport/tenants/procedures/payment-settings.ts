import { z } from 'zod';
import { paymentSettingsInput } from '@switchyard/domain/transport/tenants/schemas';
import { readPaymentInstructions, writePaymentInstructions } from '@switchyard/db/transport/tenants';
import { tenantProcedure } from '../../trpc.ts';
import { auditStaffWrite } from '../staff-audit.ts';

const paymentSettingsOutput = z.object({ tenant_id: z.string(), payment_instructions: z.string().nullable() });

export const getPaymentSettings = tenantProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/api/tenant/settings/payments',
      status: 200,
      access: 'tenant',
      tags: ['tenants'],
      summary: "The operator's own payment instructions",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(paymentSettingsOutput)
  .query(async ({ ctx }) => ({
    tenant_id: ctx.tenantId,
    payment_instructions: await readPaymentInstructions(ctx.em, ctx.tenantId),
  }));

/** The operator's own payment instructions, mailed on approval when no payment provider is configured. */
export const updatePaymentSettings = tenantProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/api/tenant/settings/payments',
      status: 200,
      input: 'json',
      access: 'tenant',
      tags: ['tenants'],
      summary: 'Set the payment instructions mailed on approval when no provider is configured',
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .input(paymentSettingsInput)
  .output(paymentSettingsOutput)
  .mutation(async ({ ctx, input }) => {
    const before = await writePaymentInstructions(ctx.em, ctx.tenantId, input.payment_instructions);
    await auditStaffWrite(ctx, {
      action: 'tenant.settings.update',
      resource: `tenant:${ctx.tenantId}`,
      details: { payment_instructions: { from: before, to: input.payment_instructions } },
    });

    return { tenant_id: ctx.tenantId, payment_instructions: input.payment_instructions };
  });
