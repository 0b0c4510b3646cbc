import { formatCents } from '@switchyard/domain/money';
import { STATUS_LABELS, TIER_LABELS, TIER_STEPS, tierBadge } from '@switchyard/domain/claims/vocabulary';
import { cost } from '../builder.ts';
import { GRAPHQL_LIMITS } from '../limits.ts';
import { ClaimStatusEnum, ClaimTierEnum, NoteVisibilityEnum } from './enums.ts';
import { AuditEntryRef, ClaimRef, ClientRef, DebtorRef, DocumentRef, NoteRef } from './refs.ts';

const required = <Row>(row: Row | null, what: string): Row => {
  if (!row) {
    // The foreign keys make this impossible; reaching it means the data is damaged.
    throw new Error(`claim without its ${what}`);
  }

  return row;
};

ClaimRef.implement({
  description: 'A claim with the derived fields of the staff API (labels, tier step, money display).',
  fields: (t) => ({
    id: t.exposeID('id'),
    claimNumber: t.exposeString('claim_number'),
    status: t.field({ type: ClaimStatusEnum, resolve: (claim) => claim.status }),
    statusLabel: t.string({
      description: 'The label a client sees for the status.',
      resolve: (claim) => STATUS_LABELS[claim.status] ?? claim.status,
    }),
    tier: t.field({ type: ClaimTierEnum, resolve: (claim) => claim.tier }),
    tierLabel: t.string({ resolve: (claim) => TIER_LABELS[claim.tier] ?? claim.tier }),
    tierStep: t.int({
      description: 'Position on the four-step progress bar; TIER_2_5 shares step 2 with TIER_2.',
      resolve: (claim) => TIER_STEPS[claim.tier],
    }),
    tierBadge: t.string({ nullable: true, resolve: (claim) => tierBadge(claim.tier) }),
    amountCents: t.exposeInt('amount_cents'),
    amountDisplay: t.string({ resolve: (claim) => formatCents(claim.amount_cents) }),
    currency: t.exposeString('currency'),
    description: t.exposeString('description', { nullable: true }),
    clientReference: t.exposeString('client_reference', { nullable: true }),
    invoiceDate: t.field({ type: 'Date', nullable: true, resolve: (claim) => claim.invoice_date }),
    dateAssigned: t.field({ type: 'DateTime', nullable: true, resolve: (claim) => claim.date_assigned }),
    dateResolved: t.field({ type: 'DateTime', nullable: true, resolve: (claim) => claim.date_resolved }),
    crmId: t.exposeString('crm_id', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (claim) => claim.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (claim) => claim.updated_at }),
    client: t.field({
      type: ClientRef,
      resolve: async (claim, _args, context) => required(await context.loaders.client.load(claim.client_id), 'client'),
    }),
    debtor: t.field({
      type: DebtorRef,
      resolve: async (claim, _args, context) => required(await context.loaders.debtor.load(claim.debtor_id), 'debtor'),
    }),
    documents: t.field({
      type: [DocumentRef],
      description: 'Every document, client and staff uploads alike, oldest first.',
      extensions: cost({ assumedSize: GRAPHQL_LIMITS.assumedChildren }),
      resolve: (claim, _args, context) => context.loaders.documents.load(claim.id),
    }),
    notes: t.field({
      type: [NoteRef],
      description: 'Notes oldest first; all of them unless a visibility is given.',
      args: { visibility: t.arg({ type: NoteVisibilityEnum, required: false }) },
      extensions: cost({ assumedSize: GRAPHQL_LIMITS.assumedChildren }),
      resolve: async (claim, args, context) => {
        const notes = await context.loaders.notes.load(claim.id);

        return args.visibility ? notes.filter((note) => note.visibility === args.visibility) : notes;
      },
    }),
    auditTrail: t.field({
      type: [AuditEntryRef],
      description: 'Entries of the claim and of its documents and notes, oldest first.',
      extensions: cost({ assumedSize: GRAPHQL_LIMITS.assumedChildren }),
      resolve: (claim, _args, context) => context.loaders.audit.load(claim.id),
    }),
  }),
});
