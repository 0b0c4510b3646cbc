import { householdShares, householdWeeklyTotalCents, type BilledHousehold } from '@switchyard/domain/transport/billing/household-billing';
import { outstandingCents } from '@switchyard/domain/transport/billing/outstanding';
import { netOwedCents } from '@switchyard/domain/transport/billing/household-credit';
import type { HouseholdAggregate } from '@switchyard/db/transport/billing/households';
import type { PaymentRow } from '@switchyard/db/transport/billing/invoice-lifecycle';
import type { CheckoutSessionRow } from '@switchyard/db/transport/billing/checkout-sessions';
import { paymentFlagText } from '@switchyard/domain/transport/billing/payment-settlement';
import type { OutstandingRow } from '@switchyard/db/transport/billing/invoices';
import type { RegistrationRow, ReviewRow } from '@switchyard/db/transport/billing/registrations';
import type { AllocationRow, ChildRow, InvoiceRow, PayerRow } from '@switchyard/db/transport/billing/rows';
import type { z } from 'zod';
import type { checkoutOutput, invoiceDetailOutput, invoiceOutput, paymentOutput } from './invoice-outputs.ts';
import type {
  childOutput,
  householdDetailOutput,
  householdsOutput,
  outstandingOutput,
  registrationReviewOutput,
  registrationsOutput,
} from './output-schemas.ts';

/**
 * The billing rows as the API answers them: money in currency units, times as ISO text. Each
 * presenter answers the type of its output schema, so a field added to one and not the other fails
 * the typecheck.
 */
type HouseholdDetail = z.output<typeof householdDetailOutput>;
type RegistrationReview = z.output<typeof registrationReviewOutput>;
type Outstanding = z.output<typeof outstandingOutput>[number];

/** The driver answers a timestamp as the database's text (or a Date); the API answers ISO 8601 UTC. */
export const isoTimestamp = (value: unknown): string | null => {
  if (value === null || value === undefined) {
    return null;
  }

  return (value instanceof Date ? value : new Date(String(value))).toISOString();
};

/** jsonb comes back parsed; a driver that hands it over as text is parsed here. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export const presentChild = (row: ChildRow): z.output<typeof childOutput> => ({
  id: row.id,
  tenant_id: row.tenant_id,
  household_id: row.household_id,
  name: row.name,
  school: row.school,
  school_id: row.school_id,
  grade: row.grade,
  route: row.route,
  transport_need: row.transport_need,
  trip_type: row.trip_type,
  rate_weekly: row.rate_weekly_cents / 100,
  active: row.active,
  created_at: isoTimestamp(row.created_at),
});

export const presentPayer = (row: PayerRow): HouseholdDetail['payers'][number] => ({
  id: row.id,
  household_id: row.household_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  relationship: row.relationship,
  is_primary: row.is_primary,
  created_at: isoTimestamp(row.created_at),
});

export const presentAllocation = (row: AllocationRow): HouseholdDetail['allocations'][number] => ({
  id: row.id,
  household_id: row.household_id,
  payer_id: row.payer_id,
  child_id: row.child_id,
  split_type: row.split_type,
  value: Number(row.value),
  created_at: isoTimestamp(row.created_at),
});

export const presentInvoice = (row: InvoiceRow): z.output<typeof invoiceOutput> => ({
  id: row.id,
  household_id: row.household_id,
  payer_id: row.payer_id,
  kind: row.kind,
  status: row.status,
  amount: row.amount_cents / 100,
  amount_paid: row.amount_paid_cents / 100,
  provider: row.provider,
  payment_url: row.payment_url,
  cycle_start: row.cycle_start,
  cycle_end: row.cycle_end,
  created_at: isoTimestamp(row.created_at),
  sent_at: isoTimestamp(row.sent_at),
  currency: row.currency,
  school_days: row.school_days,
});
export type InvoiceView = z.output<typeof invoiceOutput>;

/** An invoice with what is still owed on it (outstanding.ts). */
export const presentOwedInvoice = (row: InvoiceRow): RegistrationReview['invoices'][number] => ({
  ...presentInvoice(row),
  outstanding: outstandingCents({ status: row.status, amountCents: row.amount_cents, amountPaidCents: row.amount_paid_cents }) / 100,
});

const presentPayment = (row: PaymentRow): z.output<typeof paymentOutput> => ({
  id: row.id,
  amount: row.amount_cents / 100,
  method: row.method,
  reference: row.reference,
  provider: row.provider,
  paid_at: isoTimestamp(row.paid_at),
  recorded_by: row.recorded_by,
  created_at: isoTimestamp(row.created_at),
  credited: row.credited_cents / 100,
  flag: row.flag,
  flag_text: paymentFlagText(row.flag, row.credited_cents),
});

const presentCheckout = (row: CheckoutSessionRow): z.output<typeof checkoutOutput> => ({
  id: row.id,
  provider: row.provider,
  provider_ref: row.provider_ref,
  url: row.url,
  amount: row.amount_cents / 100,
  status: row.status,
  created_at: isoTimestamp(row.created_at),
  closed_at: isoTimestamp(row.closed_at),
});

export type InvoiceDetail = z.output<typeof invoiceDetailOutput>;

export const presentInvoiceDetail = (detail: {
  invoice: InvoiceRow & { void_reason: string | null; credit_applied_cents: number };
  payments: PaymentRow[];
  checkouts: CheckoutSessionRow[];
}): InvoiceDetail => {
  const creditedCents = detail.payments.reduce((sum, payment) => sum + payment.credited_cents, 0);

  return {
    ...presentInvoice(detail.invoice),
    void_reason: detail.invoice.void_reason,
    balance: Math.max(detail.invoice.amount_cents - detail.invoice.amount_paid_cents, 0) / 100,
    credit_applied: detail.invoice.credit_applied_cents / 100,
    /** What payments on this invoice brought beyond its amount, kept as household credit. */
    credited: creditedCents / 100,
    payments: detail.payments.map(presentPayment),
    checkouts: detail.checkouts.map(presentCheckout),
  };
};

/** A household's rows as the domain's billing rules read them. */
export const billedHousehold = (parts: Pick<HouseholdAggregate, 'children' | 'payers' | 'allocations'>): BilledHousehold => ({
  children: parts.children.map((child) => ({ id: child.id, rateCents: child.rate_weekly_cents, active: child.active })),
  payers: parts.payers.map((payer) => ({ id: payer.id, isPrimary: payer.is_primary })),
  allocations: parts.allocations.map((row) => ({
    payerId: row.payer_id,
    childId: row.child_id,
    splitType: row.split_type,
    value: Number(row.value),
  })),
});

export const presentHouseholdSummary = (aggregate: HouseholdAggregate): z.output<typeof householdsOutput>[number] => ({
  id: aggregate.household.id,
  tenant_id: aggregate.household.tenant_id,
  name: aggregate.household.name,
  address: aggregate.household.address,
  first_pickup_date: aggregate.household.first_pickup_date,
  policy_acknowledged: parsed(aggregate.household.policy_acknowledged),
  emergency_contacts: parsed(aggregate.household.emergency_contacts),
  created_at: isoTimestamp(aggregate.household.created_at),
  registration_status: aggregate.household.registration_status,
  children: aggregate.children.map(presentChild),
  weekly_total: householdWeeklyTotalCents(billedHousehold(aggregate)) / 100,
});

export const presentHouseholdDetail = (aggregate: HouseholdAggregate): HouseholdDetail => ({
  ...presentHouseholdSummary(aggregate),
  payers: aggregate.payers.map(presentPayer),
  allocations: aggregate.allocations.map(presentAllocation),
  payer_splits: householdShares(billedHousehold(aggregate)).map((share) => ({ payer_id: share.payerId, amount: share.amountCents / 100 })),
});

const distinctJoined = (values: (string | null)[]): string | null => {
  const present = [...new Set(values.filter((value): value is string => Boolean(value)))];

  return present.length > 0 ? present.join(', ') : null;
};

/** The registration's own fields, the same in the tenant's list and in one registration's review. */
const registrationFields = (row: RegistrationRow | ReviewRow) => ({
  id: row.id,
  household_id: row.household_id,
  status: row.status,
  parent_name: row.parent_name,
  parent_email: row.parent_email,
  parent_phone: row.parent_phone,
  created_at: isoTimestamp(row.created_at),
  updated_at: isoTimestamp(row.updated_at),
});

export const presentRegistration = (row: RegistrationRow): z.output<typeof registrationsOutput>[number] => {
  const children = parsed(row.children);

  return {
    ...registrationFields(row),
    student_name: distinctJoined(children.map((child) => child.name)),
    school: distinctJoined(children.map((child) => child.school)),
    route: distinctJoined(children.map((child) => child.route)),
    children_count: children.length,
    children,
    first_pickup_date: row.first_pickup_date,
  };
};

export const presentRegistrationReview = (row: ReviewRow): RegistrationReview['registration'] => ({
  ...registrationFields(row),
  decision_reason: row.decision_reason,
  decided_by: row.decided_by,
});

/**
 * Outstanding amounts grouped per household, then per payer, in the rows' order; each household
 * with its credit and what it owes once the credit is counted.
 */
export const presentOutstanding = (rows: readonly OutstandingRow[], credits: ReadonlyMap<string, number> = new Map()): Outstanding[] => {
  const households = new Map<string, Outstanding>();
  const totals = new Map<string, number>();
  for (const row of rows) {
    const creditCents = Math.max(credits.get(row.household_id) ?? 0, 0);
    const entry = households.get(row.household_id) ?? {
      household_id: row.household_id,
      household_name: row.household_name,
      total_outstanding: 0,
      credit: creditCents / 100,
      net_outstanding: 0,
      payers: [],
    };
    households.set(row.household_id, entry);
    totals.set(row.household_id, (totals.get(row.household_id) ?? 0) + row.outstanding_cents);
    entry.total_outstanding = (totals.get(row.household_id) ?? 0) / 100;
    entry.net_outstanding = netOwedCents(totals.get(row.household_id) ?? 0, creditCents) / 100;
    entry.payers.push({
      payer_id: row.payer_id,
      name: row.payer_name,
      email: row.payer_email,
      outstanding: row.outstanding_cents / 100,
      invoice_count: row.invoice_count,
    });
  }

  return [...households.values()];
};
