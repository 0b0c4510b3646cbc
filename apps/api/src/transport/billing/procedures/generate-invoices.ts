import { cycleContaining } from '@switchyard/domain/transport/billing/billing-cycle';
import { generateCycleInvoices } from '@switchyard/db/transport/billing/invoices';
import { cycleChargesOf } from '../cycle-charges.ts';
import { invoiceProvider } from '../payment-links.ts';
import { presentInvoice } from '../presenters.ts';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { generatedInvoicesOutput } from '../output-schemas.ts';

export const generateInvoices = tenantProcedure.meta({ rest: { method: 'POST', path: '/api/billing/generate', status: 200, access: 'tenant', tags: ['billing'], summary: 'Draft invoices per payer for the current weekly cycle', errors: ['unauthorized', 'forbidden'] } }).output(generatedInvoicesOutput).mutation(async ({ ctx }) => {
  const now = ctx.now();
  const cycle = cycleContaining(now);
  const invoices = (await generateCycleInvoices(ctx.db.fork(), { tenantId: ctx.tenantId, cycle, now, provider: invoiceProvider(ctx.env) }, cycleChargesOf)).map(presentInvoice);
  await auditStaffWrite(ctx, {
    action: 'invoice.generate',
    resource: `cycle:${cycle.cycleStart}`,
    details: { cycle_start: cycle.cycleStart, cycle_end: cycle.cycleEnd, invoices: invoices.map((invoice) => ({ id: invoice.id, household_id: invoice.household_id, amount: invoice.amount })) },
  });

  return { cycle_start: cycle.cycleStart, cycle_end: cycle.cycleEnd, invoices };
});
