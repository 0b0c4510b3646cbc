import { z } from 'zod';
import { isStorableCalendarDate } from '../../calendar-date.ts';
import { TRANSPORT_NEEDS } from './rates.ts';
import { SPLIT_TYPES } from './billing-split.ts';
import { PAYMENT_METHODS } from './invoice-lifecycle.ts';

/** Request shapes of the registration and billing endpoints; unknown fields are refused. */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be a slug')
  .max(100);
const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const id = z.string().trim().min(1).max(100);

/** A calendar date that exists and PostgreSQL stores (2026-02-30 and year 0000 are refused). */
export const isoDateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine(isStorableCalendarDate, 'must be a real date from 0001-01-01 to 9999-12-31');

export const LIMITS = { children: 10, emergencyContacts: 5, policies: 20 } as const;

const parentInput = z.strictObject({
  name: text(200),
  email,
  phone: optionalText(50),
  relationship: optionalText(50),
  address: optionalText(500),
});

const secondParentInput = z.strictObject({
  name: text(200),
  relationship: optionalText(50),
  phone: optionalText(50),
  email: email.nullish(),
});

const childInput = z.strictObject({
  name: text(200),
  transport_need: z.enum(TRANSPORT_NEEDS),
  school: optionalText(200),
  school_id: optionalText(100),
  grade: optionalText(20),
  route: optionalText(100),
});

const emergencyContactInput = z.strictObject({
  name: text(200),
  phone: text(50),
  relationship: optionalText(50),
});

export const fullRegistrationInput = z.strictObject({
  tenant: slug.nullish(),
  parent: parentInput,
  parent2: secondParentInput.nullish(),
  children: z.array(childInput).min(1).max(LIMITS.children),
  emergency_contacts: z.array(emergencyContactInput).max(LIMITS.emergencyContacts).default([]),
  first_pickup_date: isoDateText.nullish(),
  policy_acknowledged: z.array(slug).max(LIMITS.policies).default([]),
});
export type FullRegistrationInput = z.infer<typeof fullRegistrationInput>;

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const listRegistrationsInput = z
  .strictObject({
    status: z.enum(['all', ...REGISTRATION_STATUSES]).default('all'),
    search: z.string().trim().max(200).optional(),
  })
  .default({ status: 'all' });

export const registrationRefInput = z.strictObject({ reg_id: id });
/** A rejection may say why; the family is mailed the reason. */
export const rejectRegistrationInput = z.strictObject({ reg_id: id, reason: optionalText(1000) });
export const householdRefInput = z.strictObject({ household_id: id });

export const allocationInput = z
  .strictObject({
    child_id: id,
    split_type: z.enum(SPLIT_TYPES),
    value: z.number().finite().min(0).max(100_000).default(0),
  })
  .refine((allocation) => allocation.split_type !== 'percentage' || allocation.value <= 100, {
    message: 'a percentage is between 0 and 100',
    path: ['value'],
  })
  .refine((allocation) => Math.round(allocation.value * 100) === Number((allocation.value * 100).toFixed(6)), {
    message: 'at most two decimals',
    path: ['value'],
  });

export const addPayerInput = z.strictObject({
  household_id: id,
  name: text(200),
  email,
  phone: optionalText(50),
  allocation: allocationInput.nullish(),
});

/** A payer's contact details change; the fields left out stay as they are. */
export const updatePayerInput = z
  .strictObject({
    household_id: id,
    payer_id: id,
    name: text(200).optional(),
    email: email.optional(),
    phone: optionalText(50),
    relationship: optionalText(50),
  })
  .refine(
    (input) => input.name !== undefined || input.email !== undefined || input.phone !== undefined || input.relationship !== undefined,
    {
      message: 'give at least one of name, email, phone, relationship',
    },
  );
export const payerRefInput = z.strictObject({ household_id: id, payer_id: id });

/** A further allocation for an existing payer. */
export const addAllocationInput = z.strictObject({ household_id: id, payer_id: id, allocation: allocationInput });
export const updateAllocationInput = z
  .strictObject({
    household_id: id,
    allocation_id: id,
    split_type: z.enum(SPLIT_TYPES),
    value: z.number().finite().min(0).max(100_000).default(0),
  })
  .refine((input) => input.split_type !== 'percentage' || input.value <= 100, {
    message: 'a percentage is between 0 and 100',
    path: ['value'],
  })
  .refine((input) => Math.round(input.value * 100) === Number((input.value * 100).toFixed(6)), {
    message: 'at most two decimals',
    path: ['value'],
  });
export const allocationRefInput = z.strictObject({ household_id: id, allocation_id: id });

export const firstPickupInput = z.strictObject({ household_id: id, first_pickup_date: isoDateText });

export const INVOICE_LIST_STATUSES = ['pending', 'draft', 'sent', 'unpaid', 'partial', 'paid', 'void', 'outstanding'] as const;
export type InvoiceListStatus = (typeof INVOICE_LIST_STATUSES)[number];

/** `outstanding` stands for every owed status (sent, unpaid, partial). */
export const listInvoicesInput = z
  .strictObject({
    status: z.enum(INVOICE_LIST_STATUSES).optional(),
    household_id: id.optional(),
  })
  .default({});

export const invoiceRefInput = z.strictObject({ invoice_id: id });

/** Money as currency units with at most two decimals, more than zero. */
const positiveAmount = z
  .number()
  .finite()
  .gt(0, 'must be more than 0')
  .max(1_000_000)
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), 'at most two decimals');

export const recordPaymentInput = z.strictObject({
  invoice_id: id,
  amount: positiveAmount,
  method: z.enum(PAYMENT_METHODS),
  /**
   * The day it was received (YYYY-MM-DD) or the instant (ISO 8601 with offset); today when left
   * out. Not after the tenant's today, not before the invoice's date (payment-date.ts).
   */
  paid_at: z.union([isoDateText, z.iso.datetime({ offset: true })]).nullish(),
  reference: optionalText(200),
  /** More than the balance is taken only when the operator chose to keep the excess as household credit. */
  excess_as_credit: z.boolean().default(false),
});

export const voidInvoiceInput = z.strictObject({ invoice_id: id, reason: text(500) });

/** A refund of household credit: how much, the day it was paid back (today when left out) and why. */
export const recordRefundInput = z.strictObject({
  household_id: id,
  amount: positiveAmount,
  refunded_at: isoDateText.nullish(),
  note: text(500),
});
/** GET /api/billing/rates: the tenant, for callers that name it in the input rather than a hint. */
export const ratesInput = z.strictObject({ tenant: z.string().max(100).optional() }).optional();
