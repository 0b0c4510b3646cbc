import { defineEntity, p } from '@mikro-orm/core';

// The migration owns the schema; these map its tables for the ORM's metadata. Repositories use SQL.
const owned = {
  id: p.string().primary(),
  tenantId: p.string().fieldName('tenant_id'),
  createdAt: p.datetime().fieldName('created_at'),
};

export const HouseholdSchema = defineEntity({
  name: 'TransportHousehold',
  tableName: 'transport_household',
  properties: {
    ...owned,
    name: p.string(),
    address: p.string().nullable(),
    firstPickupDate: p.string().fieldName('first_pickup_date').columnType('date').nullable(),
    policyAcknowledged: p.json<string[]>().fieldName('policy_acknowledged'),
    emergencyContacts: p.json<Record<string, unknown>[]>().fieldName('emergency_contacts'),
  },
});

export const PayerSchema = defineEntity({
  name: 'TransportPayer',
  tableName: 'transport_payer',
  properties: {
    ...owned,
    householdId: p.string().fieldName('household_id'),
    name: p.string(),
    email: p.string().nullable(),
    phone: p.string().nullable(),
    relationship: p.string().nullable(),
    isPrimary: p.boolean().fieldName('is_primary'),
  },
});

export const ChildSchema = defineEntity({
  name: 'TransportChild',
  tableName: 'transport_child',
  properties: {
    ...owned,
    householdId: p.string().fieldName('household_id'),
    name: p.string(),
    school: p.string().nullable(),
    schoolId: p.string().fieldName('school_id').nullable(),
    grade: p.string().nullable(),
    route: p.string().nullable(),
    transportNeed: p.string().fieldName('transport_need'),
    tripType: p.string().fieldName('trip_type'),
    rateWeeklyCents: p.integer().fieldName('rate_weekly_cents'),
    active: p.boolean(),
  },
});

export const BillingAllocationSchema = defineEntity({
  name: 'TransportBillingAllocation',
  tableName: 'transport_billing_allocation',
  properties: {
    ...owned,
    householdId: p.string().fieldName('household_id'),
    payerId: p.string().fieldName('payer_id'),
    childId: p.string().fieldName('child_id'),
    splitType: p.string().fieldName('split_type'),
    value: p.string().columnType('numeric(12,2)'),
  },
});

export const RegistrationSchema = defineEntity({
  name: 'TransportRegistration',
  tableName: 'transport_registration',
  properties: {
    ...owned,
    householdId: p.string().fieldName('household_id'),
    status: p.string(),
    parentName: p.string().fieldName('parent_name'),
    parentEmail: p.string().fieldName('parent_email'),
    parentPhone: p.string().fieldName('parent_phone').nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

export const InvoiceSchema = defineEntity({
  name: 'TransportInvoice',
  tableName: 'transport_invoice',
  properties: {
    ...owned,
    householdId: p.string().fieldName('household_id'),
    payerId: p.string().fieldName('payer_id').nullable(),
    kind: p.string(),
    status: p.string(),
    amountCents: p.integer().fieldName('amount_cents'),
    amountPaidCents: p.integer().fieldName('amount_paid_cents'),
    provider: p.string(),
    paymentUrl: p.string().fieldName('payment_url').nullable(),
    cycleStart: p.string().fieldName('cycle_start').columnType('date').nullable(),
    cycleEnd: p.string().fieldName('cycle_end').columnType('date').nullable(),
    sentAt: p.datetime().fieldName('sent_at').nullable(),
    voidReason: p.string().fieldName('void_reason').nullable(),
    voidedAt: p.datetime().fieldName('voided_at').nullable(),
    providerRef: p.string().fieldName('provider_ref').nullable(),
  },
});

export const PaymentSchema = defineEntity({
  name: 'TransportPayment',
  tableName: 'transport_payment',
  properties: {
    ...owned,
    invoiceId: p.string().fieldName('invoice_id'),
    amountCents: p.integer().fieldName('amount_cents'),
    method: p.string(),
    reference: p.string().nullable(),
    provider: p.string().nullable(),
    providerPaymentId: p.string().fieldName('provider_payment_id').nullable(),
    paidAt: p.datetime().fieldName('paid_at'),
    recordedBy: p.string().fieldName('recorded_by'),
  },
});

export const transportBillingEntities = [HouseholdSchema, PayerSchema, ChildSchema, BillingAllocationSchema, RegistrationSchema, InvoiceSchema, PaymentSchema];
