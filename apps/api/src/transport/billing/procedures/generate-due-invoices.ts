import { firstBilledCycle, latestDuePickup, todayIn, type BillingCycle } from '@switchyard/domain/transport/billing/billing-cycle';
import {
  draftTransportInvoices,
  generateCycleInvoices,
  householdsWithPickupBy,
  markInvoiceSent,
} from '@switchyard/db/transport/billing/invoices';
import { cycleChargesOf } from '../cycle-charges.ts';
import { invoiceProvider } from '../payment-links.ts';
import { presentInvoice, type InvoiceView } from '../presenters.ts';
import { tenantPricing } from '../tenant-pricing.ts';
import { auditStaffWrite } from '../../tenants/staff-audit.ts';
import { tenantProcedure } from '../../trpc.ts';
import { sendWeeklyInvoiceMail } from '../weekly-invoice-mail.ts';
import { dueInvoicesOutput } from '../output-schemas.ts';

/**
 * First weekly invoices: every household whose first pickup is within the lead days or past and
 * none of whose transportation invoices went out yet is billed for the week of its first pickup
 * (or this week, when that pickup is behind), on the tenant's calendar. Its drafts of those weeks,
 * made now or earlier by "Generate this week", are each mailed to their payer and marked `sent`
 * when the mail went out; a draft whose mail could not go stays a draft for the Billing page.
 */
export const generateDueInvoices = tenantProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/billing/generate-due',
      status: 200,
      access: 'tenant',
      tags: ['billing'],
      summary:
        "Generate and email first weekly invoices that are due: the week of the first pickup (pro rata after Monday), including drafts made earlier; days are the tenant's",
      errors: ['unauthorized', 'forbidden'],
    },
  })
  .output(dueInvoicesOutput)
  .mutation(async ({ ctx }) => {
    const now = ctx.now();
    const today = todayIn(now, ctx.tenantTimeZone);
    const candidates = await householdsWithPickupBy(ctx.em, ctx.tenantId, latestDuePickup(today));
    const skipped = candidates.filter((candidate) => candidate.billed).map((candidate) => candidate.householdId);
    const due = candidates.filter((candidate) => !candidate.billed);
    // Households due together may start in different weeks (this one, or next Monday's).
    const byCycle = new Map<string, { cycle: BillingCycle; householdIds: string[] }>();
    for (const candidate of due) {
      const cycle = firstBilledCycle(candidate.firstPickupDate, today);
      const group = byCycle.get(cycle.cycleStart) ?? { cycle, householdIds: [] };
      group.householdIds.push(candidate.householdId);
      byCycle.set(cycle.cycleStart, group);
    }
    const { currency } = await tenantPricing(ctx, ctx.tenantId);
    const drafts: InvoiceView[] = [];
    for (const { cycle, householdIds } of byCycle.values()) {
      await generateCycleInvoices(
        ctx.em,
        { tenantId: ctx.tenantId, cycle, householdIds, now, provider: invoiceProvider(ctx.env), currency },
        cycleChargesOf(cycle),
      );
      drafts.push(...(await draftTransportInvoices(ctx.em, ctx.tenantId, householdIds, cycle.cycleStart)).map(presentInvoice));
    }
    const generated: InvoiceView[] = [];
    const emailed: { invoice_id: string; payer_id: string | null; email: string }[] = [];
    for (const invoice of drafts) {
      const sent = await sendWeeklyInvoiceMail(ctx, invoice);
      if (!sent) {
        generated.push(invoice);
        continue;
      }
      const updated = await markInvoiceSent(ctx.em, invoice.id, {
        at: ctx.now(),
        provider: sent.provider,
        paymentUrl: sent.paymentUrl,
        providerRef: sent.providerRef,
      });
      generated.push(updated ? presentInvoice(updated) : invoice);
      emailed.push({ invoice_id: invoice.id, payer_id: invoice.payer_id, email: sent.email });
    }

    await auditStaffWrite(ctx, {
      action: 'invoice.generate_due',
      resource: `date:${today}`,
      details: {
        generated: generated.map((invoice) => ({
          id: invoice.id,
          household_id: invoice.household_id,
          cycle_start: invoice.cycle_start,
          amount: invoice.amount,
          school_days: invoice.school_days,
          status: invoice.status,
        })),
        skipped,
      },
    });

    return { date: today, generated, emailed, skipped };
  });
