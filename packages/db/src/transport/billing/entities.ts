import { defineEntity, p } from '@mikro-orm/core';
import type { SplitType } from '@switchyard/domain/transport/billing/billing-split';
import type { CheckoutStatus } from '@switchyard/domain/transport/billing/checkout-decision';
import type { CreditKind } from '@switchyard/domain/transport/billing/household-credit';
import type { PaymentMethod } from '@switchyard/domain/transport/billing/invoice-lifecycle';
import type { InvoiceKind, InvoiceStatus } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import type { PaymentFlag } from '@switchyard/domain/transport/billing/payment-settlement';
import type { TransportNeed, TripType } from '@switchyard/domain/transport/billing/rates';
import type { RegistrationStatus } from '@switchyard/domain/transport/billing/schemas';
import { Tenant } from '../tenant-entities.ts';

// The entities declare the whole schema the migrations build (test/db/schema-diff.test.ts);
// repositories read and write through them (packages/db/src/kysely.ts types its tables from them).
// A column a check constraint keeps to a closed set of words is typed with the domain's union of them.
const owned = (table: string) => ({
  id: p.text().primary(),
  tenantId: () => p.manyToOne(Tenant).mapToPk().fieldName('tenant_id').foreignKeyName(`${table}_tenant_id_fkey`),
  createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
});
/** The household a row belongs to; removing the household removes the row. */
const inHousehold = (table: string) => ({
  householdId: () =>
    p.manyToOne(Household).mapToPk().fieldName('household_id').deleteRule('cascade').foreignKeyName(`${table}_household_id_fkey`),
});

export const HouseholdSchema = defineEntity({
  name: 'TransportHousehold',
  tableName: 'transport_household',
  indexes: [
    { name: 'transport_household_tenant_idx', properties: ['tenantId', 'createdAt'] },
    { name: 'transport_household_submitter_idx', properties: ['tenantId', 'submittedByUserId'], where: 'submitted_by_user_id is not null' },
  ],
  properties: {
    ...owned('transport_household'),
    name: p.string().length(200),
    address: p.string().length(500).nullable(),
    firstPickupDate: p.string().fieldName('first_pickup_date').columnType('date').nullable(),
    policyAcknowledged: p.json<string[]>().fieldName('policy_acknowledged').defaultRaw("'[]'::jsonb"),
    emergencyContacts: p.json<Record<string, unknown>[]>().fieldName('emergency_contacts').defaultRaw("'[]'::jsonb"),
    /** The signed-in family user who submitted the registration, when one did. */
    submittedByUserId: p.text().fieldName('submitted_by_user_id').nullable(),
  },
});
export class Household extends HouseholdSchema.class {}
HouseholdSchema.setClass(Household);

export const PayerSchema = defineEntity({
  name: 'TransportPayer',
  tableName: 'transport_payer',
  indexes: [{ name: 'transport_payer_household_idx', properties: ['householdId', 'createdAt'] }],
  // One primary payer per household: the registering parent.
  uniques: [{ name: 'transport_payer_primary_uq', properties: ['householdId'], where: 'is_primary' }],
  properties: {
    ...owned('transport_payer'),
    ...inHousehold('transport_payer'),
    name: p.string().length(200),
    email: p.string().length(254).nullable(),
    phone: p.string().length(50).nullable(),
    relationship: p.string().length(50).nullable(),
    isPrimary: p.boolean().fieldName('is_primary').default(false),
  },
});
export class Payer extends PayerSchema.class {}
PayerSchema.setClass(Payer);

export const ChildSchema = defineEntity({
  name: 'TransportChild',
  tableName: 'transport_child',
  indexes: [
    { name: 'transport_child_tenant_idx', properties: ['tenantId', 'active'] },
    { name: 'transport_child_household_idx', properties: ['householdId', 'createdAt'] },
  ],
  checks: [
    { name: 'transport_child_transport_need_check', expression: "transport_need in ('morning', 'afternoon', 'both')" },
    { name: 'transport_child_trip_type_check', expression: "trip_type in ('one_way', 'two_way')" },
    { name: 'transport_child_rate_weekly_cents_check', expression: 'rate_weekly_cents >= 0' },
  ],
  properties: {
    ...owned('transport_child'),
    ...inHousehold('transport_child'),
    name: p.string().length(200),
    school: p.string().length(200).nullable(),
    schoolId: p.string().length(100).fieldName('school_id').nullable(),
    grade: p.string().length(20).nullable(),
    route: p.string().length(100).nullable(),
    transportNeed: p.text().$type<TransportNeed>().fieldName('transport_need'),
    tripType: p.text().$type<TripType>().fieldName('trip_type'),
    rateWeeklyCents: p.integer().fieldName('rate_weekly_cents'),
    active: p.boolean().default(true),
  },
});
export class Child extends ChildSchema.class {}
ChildSchema.setClass(Child);

export const BillingAllocationSchema = defineEntity({
  name: 'TransportBillingAllocation',
  tableName: 'transport_billing_allocation',
  indexes: [{ name: 'transport_billing_allocation_household_idx', properties: ['householdId', 'createdAt'] }],
  checks: [
    { name: 'transport_billing_allocation_split_type_check', expression: "split_type in ('percentage', 'fixed', 'per_child')" },
    { name: 'transport_billing_allocation_value_check', expression: 'value >= 0' },
  ],
  properties: {
    ...owned('transport_billing_allocation'),
    ...inHousehold('transport_billing_allocation'),
    payerId: () =>
      p.manyToOne(Payer).mapToPk().fieldName('payer_id').deleteRule('cascade').foreignKeyName('transport_billing_allocation_payer_id_fkey'),
    childId: () =>
      p.manyToOne(Child).mapToPk().fieldName('child_id').deleteRule('cascade').foreignKeyName('transport_billing_allocation_child_id_fkey'),
    splitType: p.text().$type<SplitType>().fieldName('split_type'),
    value: p.string().columnType('numeric(12,2)'),
  },
});

export const RegistrationSchema = defineEntity({
  name: 'TransportRegistration',
  tableName: 'transport_registration',
  indexes: [{ name: 'transport_registration_tenant_idx', columns: [{ name: 'tenant_id' }, { name: 'created_at', sort: 'DESC' }] }],
  checks: [{ name: 'transport_registration_status_check', expression: "status in ('pending', 'approved', 'rejected')" }],
  properties: {
    ...owned('transport_registration'),
    ...inHousehold('transport_registration'),
    status: p.text().$type<RegistrationStatus>().default('pending'),
    parentName: p.string().length(200).fieldName('parent_name'),
    parentEmail: p.string().length(254).fieldName('parent_email'),
    parentPhone: p.string().length(50).fieldName('parent_phone').nullable(),
    updatedAt: p.datetime().fieldName('updated_at').defaultRaw('now()'),
    decisionReason: p.string().length(1000).fieldName('decision_reason').nullable(),
    decidedBy: p.text().fieldName('decided_by').nullable(),
  },
});

export const InvoiceSchema = defineEntity({
  name: 'TransportInvoice',
  tableName: 'transport_invoice',
  indexes: [
    { name: 'transport_invoice_household_idx', properties: ['householdId', 'kind'] },
    { name: 'transport_invoice_tenant_status_idx', properties: ['tenantId', 'status'] },
    { name: 'transport_invoice_provider_ref_idx', properties: ['provider', 'providerRef'], where: 'provider_ref is not null' },
  ],
  // Generating twice for one cycle must not bill a payer twice.
  uniques: [
    { name: 'transport_invoice_cycle_uq', properties: ['payerId', 'cycleStart'], where: "kind = 'transportation'" },
    { name: 'transport_invoice_pay_token_uq', properties: ['payToken'], where: 'pay_token is not null' },
  ],
  checks: [
    { name: 'transport_invoice_kind_check', expression: "kind in ('registration', 'transportation')" },
    { name: 'transport_invoice_status_check', expression: "status in ('pending', 'draft', 'sent', 'unpaid', 'partial', 'paid', 'void')" },
    { name: 'transport_invoice_amount_cents_check', expression: 'amount_cents >= 0' },
    { name: 'transport_invoice_amount_paid_cents_check', expression: 'amount_paid_cents >= 0' },
    { name: 'transport_invoice_credit_applied_cents_check', expression: 'credit_applied_cents >= 0' },
    { name: 'transport_invoice_school_days_check', expression: 'school_days >= 1 and school_days <= 4' },
  ],
  properties: {
    ...owned('transport_invoice'),
    ...inHousehold('transport_invoice'),
    payerId: () =>
      p
        .manyToOne(Payer)
        .mapToPk()
        .fieldName('payer_id')
        .nullable()
        .deleteRule('set null')
        .foreignKeyName('transport_invoice_payer_id_fkey'),
    kind: p.text().$type<InvoiceKind>(),
    status: p.text().$type<InvoiceStatus>(),
    amountCents: p.integer().fieldName('amount_cents'),
    amountPaidCents: p.integer().fieldName('amount_paid_cents').default(0),
    provider: p.text().default('none'),
    paymentUrl: p.text().fieldName('payment_url').nullable(),
    cycleStart: p.string().fieldName('cycle_start').columnType('date').nullable(),
    cycleEnd: p.string().fieldName('cycle_end').columnType('date').nullable(),
    sentAt: p.datetime().fieldName('sent_at').nullable(),
    voidReason: p.string().length(500).fieldName('void_reason').nullable(),
    voidedAt: p.datetime().fieldName('voided_at').nullable(),
    providerRef: p.text().fieldName('provider_ref').nullable(),
    /** Household credit applied to this invoice when it was made; counted in the paid amount. */
    creditAppliedCents: p.integer().fieldName('credit_applied_cents').default(0),
    /** The token of the invoice's pay page, which its mails carry. */
    payToken: p.text().fieldName('pay_token').nullable(),
    /** ISO 4217; the tenant's currency when the invoice was made. */
    currency: p.string().length(3).default('USD'),
    /** The week of a first pickup after Monday bills these school days of five; null is a full week. */
    schoolDays: p.smallint().fieldName('school_days').nullable(),
  },
});

export class Invoice extends InvoiceSchema.class {}
InvoiceSchema.setClass(Invoice);

export const PaymentSchema = defineEntity({
  name: 'TransportPayment',
  tableName: 'transport_payment',
  indexes: [{ name: 'transport_payment_invoice_idx', properties: ['invoiceId', 'paidAt'] }],
  // A provider's payment is recorded once, however often its notification comes.
  uniques: [
    { name: 'transport_payment_provider_uq', properties: ['provider', 'providerPaymentId'], where: 'provider_payment_id is not null' },
  ],
  checks: [
    { name: 'transport_payment_amount_cents_check', expression: 'amount_cents > 0' },
    { name: 'transport_payment_method_check', expression: "method in ('cash', 'check', 'bank_transfer', 'card', 'other')" },
    { name: 'transport_payment_credited_cents_check', expression: 'credited_cents >= 0' },
    { name: 'transport_payment_flag_check', expression: "flag in ('void_invoice', 'overpaid')" },
  ],
  properties: {
    ...owned('transport_payment'),
    invoiceId: () =>
      p.manyToOne(Invoice).mapToPk().fieldName('invoice_id').deleteRule('cascade').foreignKeyName('transport_payment_invoice_id_fkey'),
    amountCents: p.integer().fieldName('amount_cents'),
    method: p.text().$type<PaymentMethod>(),
    reference: p.string().length(200).nullable(),
    provider: p.text().nullable(),
    providerPaymentId: p.text().fieldName('provider_payment_id').nullable(),
    paidAt: p.datetime().fieldName('paid_at'),
    recordedBy: p.text().fieldName('recorded_by'),
    /** The part of the payment beyond what the invoice owed, which became household credit. */
    creditedCents: p.integer().fieldName('credited_cents').default(0),
    flag: p.text().$type<PaymentFlag>().nullable(),
  },
});
export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment);

/** The household's credit as a ledger: the balance is the sum of the rows. */
export const HouseholdCreditSchema = defineEntity({
  name: 'TransportHouseholdCredit',
  tableName: 'transport_household_credit',
  indexes: [{ name: 'transport_household_credit_household_idx', properties: ['householdId', 'createdAt'] }],
  checks: [
    { name: 'transport_household_credit_amount_cents_check', expression: 'amount_cents <> 0' },
    { name: 'transport_household_credit_kind_check', expression: "kind in ('overpayment', 'refund', 'applied', 'released')" },
  ],
  properties: {
    ...owned('transport_household_credit'),
    ...inHousehold('transport_household_credit'),
    amountCents: p.integer().fieldName('amount_cents'),
    kind: p.text().$type<CreditKind>(),
    invoiceId: () =>
      p
        .manyToOne(Invoice)
        .mapToPk()
        .fieldName('invoice_id')
        .nullable()
        .deleteRule('set null')
        .foreignKeyName('transport_household_credit_invoice_id_fkey'),
    paymentId: () =>
      p
        .manyToOne(Payment)
        .mapToPk()
        .fieldName('payment_id')
        .nullable()
        .deleteRule('set null')
        .foreignKeyName('transport_household_credit_payment_id_fkey'),
    note: p.string().length(500).nullable(),
    occurredAt: p.datetime().fieldName('occurred_at'),
    recordedBy: p.text().fieldName('recorded_by'),
  },
});

/** Every checkout made for an invoice; at most one is open at a time. */
export const CheckoutSessionSchema = defineEntity({
  name: 'TransportCheckoutSession',
  tableName: 'transport_checkout_session',
  indexes: [
    { name: 'transport_checkout_session_invoice_idx', properties: ['invoiceId', 'createdAt'] },
    { name: 'transport_checkout_session_ref_idx', properties: ['provider', 'providerRef'], where: 'provider_ref is not null' },
  ],
  checks: [
    { name: 'transport_checkout_session_amount_cents_check', expression: 'amount_cents > 0' },
    { name: 'transport_checkout_session_status_check', expression: "status in ('open', 'expired', 'completed')" },
  ],
  properties: {
    ...owned('transport_checkout_session'),
    invoiceId: () =>
      p
        .manyToOne(Invoice)
        .mapToPk()
        .fieldName('invoice_id')
        .deleteRule('cascade')
        .foreignKeyName('transport_checkout_session_invoice_id_fkey'),
    provider: p.text(),
    providerRef: p.text().fieldName('provider_ref').nullable(),
    linkId: p.text().fieldName('link_id').nullable(),
    url: p.text(),
    amountCents: p.integer().fieldName('amount_cents'),
    status: p.text().$type<CheckoutStatus>().default('open'),
    closedAt: p.datetime().fieldName('closed_at').nullable(),
  },
});

export const transportBillingEntities = [
  HouseholdSchema,
  PayerSchema,
  ChildSchema,
  BillingAllocationSchema,
  RegistrationSchema,
  InvoiceSchema,
  PaymentSchema,
  HouseholdCreditSchema,
  CheckoutSessionSchema,
];
