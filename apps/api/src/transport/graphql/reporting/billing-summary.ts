import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type InvoiceKind,
  type InvoiceStatus,
} from '@switchyard/domain/transport/billing/invoice-vocabulary';
import { formatCents } from '@switchyard/domain/money';
import { OUTSTANDING_STATUSES } from '@switchyard/domain/transport/billing/outstanding';
import { readInvoiceTotals, type InvoiceTotalsRow } from '@switchyard/db/transport/reporting/billing-summary';
import type { TenantRow } from '@switchyard/db/transport/tenants';
import { tenantCredits } from '@switchyard/db/transport/billing/household-credit';
import { readOutstanding } from '@switchyard/db/transport/billing/invoices';
import { netOwedCents } from '@switchyard/domain/transport/billing/household-credit';
import { builder, cost } from '../builder.ts';
import { TENANT_ARGUMENT, tenantArgument } from '../tenant-argument.ts';
import { InvoiceKindEnum, InvoiceStatusEnum } from '../types/enums.ts';
import { TenantRef } from '../types/refs.ts';

type Figures = { invoiceCount: number; invoicedCents: number; paidCents: number; outstandingCents: number };
type StatusFigures = Figures & { status: InvoiceStatus };
type KindFigures = Figures & { kind: InvoiceKind };
type BillingSummary = Figures & {
  tenant: TenantRow;
  asOf: Date;
  byStatus: StatusFigures[];
  byKind: KindFigures[];
  creditCents: number;
  netOutstandingCents: number;
};

const sum = (rows: readonly InvoiceTotalsRow[]): Figures => ({
  invoiceCount: rows.reduce((total, row) => total + row.invoice_count, 0),
  invoicedCents: rows.reduce((total, row) => total + row.invoiced_cents, 0),
  paidCents: rows.reduce((total, row) => total + row.paid_cents, 0),
  outstandingCents: rows.reduce((total, row) => total + row.outstanding_cents, 0),
});

const InvoiceTotalsRef = builder.interfaceRef<Figures>('InvoiceTotals').implement({
  description:
    'Invoice figures in cents with their display strings. Invoiced is the sum of amounts, paid the sum of amounts paid, outstanding what is still owed on sent, unpaid and partial invoices (an overpaid invoice counts 0).',
  fields: (t) => ({
    invoiceCount: t.exposeInt('invoiceCount'),
    invoicedCents: t.field({ type: 'Cents', resolve: (figures) => figures.invoicedCents }),
    invoicedDisplay: t.string({ resolve: (figures) => formatCents(figures.invoicedCents) }),
    paidCents: t.field({ type: 'Cents', resolve: (figures) => figures.paidCents }),
    paidDisplay: t.string({ resolve: (figures) => formatCents(figures.paidCents) }),
    outstandingCents: t.field({ type: 'Cents', resolve: (figures) => figures.outstandingCents }),
    outstandingDisplay: t.string({ resolve: (figures) => formatCents(figures.outstandingCents) }),
  }),
});

const InvoiceStatusTotalsRef = builder.objectRef<StatusFigures>('InvoiceStatusTotals').implement({
  interfaces: [InvoiceTotalsRef],
  fields: (t) => ({ status: t.field({ type: InvoiceStatusEnum, resolve: (row) => row.status }) }),
});

const InvoiceKindTotalsRef = builder.objectRef<KindFigures>('InvoiceKindTotals').implement({
  interfaces: [InvoiceTotalsRef],
  fields: (t) => ({ kind: t.field({ type: InvoiceKindEnum, resolve: (row) => row.kind }) }),
});

const BillingSummaryRef = builder.objectRef<BillingSummary>('BillingSummary').implement({
  description: "All of the tenant's invoices, whatever their status; byStatus and byKind split the same totals.",
  interfaces: [InvoiceTotalsRef],
  fields: (t) => ({
    tenant: t.field({ type: TenantRef, resolve: (summary) => summary.tenant }),
    asOf: t.field({ type: 'DateTime', resolve: (summary) => summary.asOf }),
    byStatus: t.field({
      type: [InvoiceStatusTotalsRef],
      description: 'Every status, zero included.',
      resolve: (summary) => summary.byStatus,
    }),
    byKind: t.field({
      type: [InvoiceKindTotalsRef],
      description: 'Registration fees and weekly transportation invoices.',
      resolve: (summary) => summary.byKind,
    }),
    creditCents: t.field({
      type: 'Cents',
      description:
        'Household credit held (overpayments kept for households, less what was applied or refunded): GET /api/billing/credits total_credit.',
      resolve: (summary) => summary.creditCents,
    }),
    creditDisplay: t.string({ resolve: (summary) => formatCents(summary.creditCents) }),
    netOutstandingCents: t.field({
      type: 'Cents',
      description:
        "What households owe once each one's credit is counted (never below 0 per household): the sum of GET /api/billing/outstanding net_outstanding.",
      resolve: (summary) => summary.netOutstandingCents,
    }),
  }),
});

builder.queryField('billingSummary', (t) =>
  t.field({
    type: BillingSummaryRef,
    args: { tenant: t.arg.id(TENANT_ARGUMENT) },
    extensions: cost({ base: 25 }),
    resolve: async (_root, args, context) => {
      const tenant = await context.tenantFor(tenantArgument(args.tenant));
      const rows = await readInvoiceTotals(context.em, tenant.id, OUTSTANDING_STATUSES);
      const credits = await tenantCredits(context.em, tenant.id);
      const owed = await readOutstanding(context.em, tenant.id);
      const owedByHousehold = new Map<string, number>();
      for (const row of owed) {
        owedByHousehold.set(row.household_id, (owedByHousehold.get(row.household_id) ?? 0) + row.outstanding_cents);
      }
      const creditOf = new Map(credits.map((row) => [row.household_id, row.credit_cents]));

      return {
        ...sum(rows),
        creditCents: credits.reduce((total, row) => total + row.credit_cents, 0),
        netOutstandingCents: [...owedByHousehold].reduce(
          (total, [householdId, cents]) => total + netOwedCents(cents, creditOf.get(householdId) ?? 0),
          0,
        ),
        tenant,
        asOf: context.now,
        byStatus: INVOICE_STATUSES.map((status) => ({ ...sum(rows.filter((row) => row.status === status)), status })),
        byKind: INVOICE_KINDS.map((kind) => ({ ...sum(rows.filter((row) => row.kind === kind)), kind })),
      };
    },
  }),
);
