import { formatCents } from '@switchyard/domain/money';
import { outstandingCents } from '@switchyard/domain/transport/billing/outstanding';
import { InvoiceKindEnum, InvoiceStatusEnum } from './enums.ts';
import { asInstant, asInstantOrNull } from './instant.ts';
import { InvoiceRef, PayerRef } from './refs.ts';

const owed = (invoice: { status: string; amount_cents: number; amount_paid_cents: number }) =>
  outstandingCents({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents });

InvoiceRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: InvoiceKindEnum, resolve: (invoice) => invoice.kind }),
    status: t.field({ type: InvoiceStatusEnum, resolve: (invoice) => invoice.status }),
    amountCents: t.field({ type: 'Cents', resolve: (invoice) => invoice.amount_cents }),
    amountDisplay: t.string({ resolve: (invoice) => formatCents(invoice.amount_cents) }),
    amountPaidCents: t.field({ type: 'Cents', resolve: (invoice) => invoice.amount_paid_cents }),
    amountPaidDisplay: t.string({ resolve: (invoice) => formatCents(invoice.amount_paid_cents) }),
    outstandingCents: t.field({
      type: 'Cents',
      description: 'Amount minus what was paid, for sent, unpaid and partial invoices; 0 otherwise and never negative.',
      resolve: owed,
    }),
    outstandingDisplay: t.string({ resolve: (invoice) => formatCents(owed(invoice)) }),
    provider: t.exposeString('provider', { description: 'The payment provider of its link, or `none`.' }),
    cycleStart: t.field({
      type: 'Date',
      nullable: true,
      description: 'Monday of the billed week; null for the registration fee.',
      resolve: (invoice) => invoice.cycle_start,
    }),
    cycleEnd: t.field({ type: 'Date', nullable: true, description: 'Sunday of the billed week.', resolve: (invoice) => invoice.cycle_end }),
    createdAt: t.field({ type: 'DateTime', resolve: (invoice) => asInstant(invoice.created_at) }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (invoice) => asInstantOrNull(invoice.sent_at) }),
    payer: t.field({
      type: PayerRef,
      nullable: true,
      description: 'Null when the payer was removed.',
      // Read with the household's payers, which a page loads in one statement anyway.
      resolve: async (invoice, _args, context) => {
        const payers = await context.loadersFor(invoice.tenant_id).payers.load(invoice.household_id);

        return payers.find((payer) => payer.id === invoice.payer_id) ?? null;
      },
    }),
  }),
});
