import { weeklyTotalCents } from '@switchyard/domain/transport/billing/billing-split';
import { formatCents } from '@switchyard/domain/money';
import { outstandingCents } from '@switchyard/domain/transport/billing/outstanding';
import { householdShares } from '@switchyard/domain/transport/billing/household-billing';
import type { HouseholdPageRow } from '@switchyard/db/transport/reporting/households-page';
import { billedHousehold } from '../../billing/presenters.ts';
import { cost } from '../builder.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from '../limits.ts';
import { RegistrationStatusEnum } from './enums.ts';
import { ChildRef, HouseholdRef, InvoiceRef, PayerRef, PayerSplitRef } from './refs.ts';

const { assumed } = TRANSPORT_GRAPHQL_LIMITS;

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The household's weekly total: its active children's weekly rates, as REST's `weekly_total`. */
const weeklyTotalOf = async (household: HouseholdPageRow, context: GraphqlContext): Promise<number> => {
  const children = await context.loadersFor(household.tenant_id).children.load(household.id);

  return weeklyTotalCents(children.filter((child) => child.active).map((child) => ({ id: child.id, rateCents: child.rate_weekly_cents })));
};

const outstandingOf = async (household: HouseholdPageRow, context: GraphqlContext): Promise<number> => {
  const invoices = await context.loadersFor(household.tenant_id).invoices.load(household.id);

  return invoices.reduce(
    (sum, invoice) =>
      sum + outstandingCents({ status: invoice.status, amountCents: invoice.amount_cents, amountPaidCents: invoice.amount_paid_cents }),
    0,
  );
};

HouseholdRef.implement({
  description: 'A family: its children, the payers who share the weekly total, and its invoices.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Also the id of its registration.' }),
    name: t.exposeString('name', { description: 'Named after the registering parent.' }),
    address: t.exposeString('address', { nullable: true }),
    firstPickupDate: t.field({ type: 'Date', nullable: true, resolve: (household) => household.first_pickup_date }),
    registrationStatus: t.field({
      type: RegistrationStatusEnum,
      nullable: true,
      description: 'Null for a household that did not come through the signup.',
      resolve: (household) => household.registration_status,
    }),
    policyAcknowledged: t.stringList({ resolve: (household) => parsed(household.policy_acknowledged) }),
    createdAt: t.field({ type: 'DateTime', resolve: (household) => household.created_at }),
    children: t.field({
      type: [ChildRef],
      description: 'Every child, active or not, in the order they were added.',
      extensions: cost({ assumedSize: assumed.children }),
      resolve: (household, _args, context) => context.loadersFor(household.tenant_id).children.load(household.id),
    }),
    payers: t.field({
      type: [PayerRef],
      description: 'The primary payer first, then in the order they were added.',
      extensions: cost({ assumedSize: assumed.payers }),
      resolve: (household, _args, context) => context.loadersFor(household.tenant_id).payers.load(household.id),
    }),
    payerSplits: t.field({
      type: [PayerSplitRef],
      description: "Each payer's share of the weekly total, zero shares included; the shares add up to the total exactly.",
      extensions: cost({ assumedSize: assumed.payers }),
      resolve: async (household, _args, context) => {
        const loaders = context.loadersFor(household.tenant_id);
        const [children, payers, allocations] = await Promise.all([
          loaders.children.load(household.id),
          loaders.payers.load(household.id),
          loaders.allocations.load(household.id),
        ]);
        const byId = new Map(payers.map((payer) => [payer.id, payer]));

        // The billing run's own split, so these shares are the amounts generate would invoice.
        return householdShares(billedHousehold({ children, payers, allocations })).flatMap((share) => {
          const payer = byId.get(share.payerId);

          return payer ? [{ payer, amountCents: share.amountCents }] : [];
        });
      },
    }),
    invoices: t.field({
      type: [InvoiceRef],
      description: 'Registration fee and weekly invoices, newest first.',
      extensions: cost({ assumedSize: assumed.invoices }),
      resolve: async (household, _args, context) => {
        const invoices = await context.loadersFor(household.tenant_id).invoices.load(household.id);

        return invoices.map((invoice) => ({ ...invoice, tenant_id: household.tenant_id }));
      },
    }),
    weeklyTotalCents: t.field({ type: 'Cents', resolve: (household, _args, context) => weeklyTotalOf(household, context) }),
    weeklyTotalDisplay: t.string({ resolve: async (household, _args, context) => formatCents(await weeklyTotalOf(household, context)) }),
    outstandingCents: t.field({
      type: 'Cents',
      description: 'Still owed on its sent, unpaid and partial invoices; an overpaid invoice counts 0.',
      resolve: (household, _args, context) => outstandingOf(household, context),
    }),
    outstandingDisplay: t.string({ resolve: async (household, _args, context) => formatCents(await outstandingOf(household, context)) }),
  }),
});

PayerSplitRef.implement({
  fields: (t) => ({
    payer: t.field({ type: PayerRef, resolve: (split) => split.payer }),
    amountCents: t.field({ type: 'Cents', resolve: (split) => split.amountCents }),
    amountDisplay: t.string({ resolve: (split) => formatCents(split.amountCents) }),
  }),
});
