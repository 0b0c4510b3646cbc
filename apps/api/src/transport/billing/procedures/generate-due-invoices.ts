import { cycleContaining, FIRST_INVOICE_LEAD_DAYS, isoDate } from '@switchyard/domain/transport/billing/billing-cycle';
import { generateCycleInvoices, householdsWithPickupBy, markInvoiceSent } from '@switchyard/db/transport/billing/invoices';
import { cycleChargesOf } from '../cycle-charges.ts';
import { invoiceProvider } from '../payment-links.ts';
import { presentInvoice, type InvoiceView } from '../presenters.ts';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { sendWeeklyInvoiceMail } from '../weekly-invoice-mail.ts';
import { dueInvoicesOutput } from '../output-schemas.ts';

/**
 * First weekly invoices: every household whose first pickup is within the lead days or past and
 * that was never billed for transport gets its invoices for the current cycle, each mailed to its
 * payer and marked `sent` when the mail went out.
 */
export const generateDueInvoices = tenantProcedure.meta({ rest: { method: 'POST', path: '/api/billing/generate-due', status: 200, access: 'tenant', tags: ['billing'], summary: 'Generate and email first weekly invoices that are due', errors: ['unauthorized', 'forbidden'] } }).output(dueInvoicesOutput).mutation(async ({ ctx }) => {
  const now = ctx.now();
  const latest = isoDate(new Date(now.getTime() + FIRST_INVOICE_LEAD_DAYS * 86_400_000));
  const candidates = await householdsWithPickupBy(ctx.db.fork(), ctx.tenantId, latest);
  const skipped = candidates.filter((candidate) => candidate.hasTransportationInvoice).map((candidate) => candidate.householdId);
  const due = candidates.filter((candidate) => !candidate.hasTransportationInvoice).map((candidate) => candidate.householdId);
  const created = (await generateCycleInvoices(ctx.db.fork(), { tenantId: ctx.tenantId, cycle: cycleContaining(now), householdIds: due, now, provider: invoiceProvider(ctx.env) }, cycleChargesOf)).map(presentInvoice);
  const generated: InvoiceView[] = [];
  const emailed: { invoice_id: string; payer_id: string | null; email: string }[] = [];
  for (const invoice of created) {
    const sent = await sendWeeklyInvoiceMail(ctx, invoice);
    if (!sent) {
      generated.push(invoice);
      continue;
    }
    const updated = await markInvoiceSent(ctx.db.fork(), invoice.id, { at: ctx.now(), provider: sent.provider, paymentUrl: sent.paymentUrl, providerRef: sent.providerRef });
    generated.push(updated ? presentInvoice(updated) : invoice);
    emailed.push({ invoice_id: invoice.id, payer_id: invoice.payer_id, email: sent.email });
  }

  await auditStaffWrite(ctx, {
    action: 'invoice.generate_due',
    resource: `cycle:${cycleContaining(now).cycleStart}`,
    details: { generated: generated.map((invoice) => ({ id: invoice.id, household_id: invoice.household_id, amount: invoice.amount, status: invoice.status })), skipped },
  });

  return { date: isoDate(now), generated, emailed, skipped };
});
