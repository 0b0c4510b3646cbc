import { cycleContaining } from '@switchyard/domain/transport/billing/billing-cycle';
import { generateCycleInvoices } from '@switchyard/db/transport/billing/invoices';
import { cycleChargesOf } from '../cycle-charges.ts';
import { invoiceProvider } from '../payment-links.ts';
import { presentInvoice } from '../presenters.ts';
import { tenantPricing } from '../tenant-pricing.ts';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { generatedInvoicesOutput } from '../output-schemas.ts';

/**
 * Drafts this week's invoices (the week on the tenant's clock). A household is billed only from the
 * week of its first pickup: a week before it bills nothing, the week of a first pickup after
 * Monday bills its school days pro rata (`school_days`).
 */
export const generateInvoices = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/generate',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary:
        "Draft invoices per payer for the current weekly cycle (Monday to Sunday in the tenant's time zone), at the tenant's rates; no household is billed for a week before its first pickup, and the week of a first pickup after Monday is billed pro rata by school days",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(generatedInvoicesOutput)
  .mutation(async ({ ctx }) => {
    const now = ctx.now();
    const cycle = cycleContaining(now, ctx.tenantTimeZone);
    const { currency } = await tenantPricing(ctx, ctx.tenantId);
    const invoices = (
      await generateCycleInvoices(
        ctx.em,
        { tenantId: ctx.tenantId, cycle, now, provider: invoiceProvider(ctx.env), currency },
        cycleChargesOf(cycle),
      )
    ).map(presentInvoice);
    await auditStaffWrite(ctx, {
      action: 'invoice.generate',
      resource: `cycle:${cycle.cycleStart}`,
      details: {
        cycle_start: cycle.cycleStart,
        cycle_end: cycle.cycleEnd,
        invoices: invoices.map((invoice) => ({
          id: invoice.id,
          household_id: invoice.household_id,
          amount: invoice.amount,
          school_days: invoice.school_days,
        })),
      },
    });

    return { cycle_start: cycle.cycleStart, cycle_end: cycle.cycleEnd, invoices };
  });
