import type { SplitType } from '@switchyard/domain/transport/billing/billing-split';
import type { InvoiceKind, InvoiceStatus } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import type { TransportNeed, TripType } from '@switchyard/domain/transport/billing/rates';
import { escapeLike } from '../../kysely.ts';

/** The billing tables' rows as repositories answer them; apps/api's presenters make the API's shapes of them. */

export type ChildRow = {
  id: string;
  tenant_id: string;
  household_id: string;
  name: string;
  school: string | null;
  school_id: string | null;
  grade: string | null;
  route: string | null;
  transport_need: TransportNeed;
  trip_type: TripType;
  rate_weekly_cents: number;
  active: boolean;
  created_at: unknown;
};

/** The columns of a child row, for a query of `transport_child as c`. */
export const CHILD_COLUMNS = [
  'c.id',
  'c.tenant_id',
  'c.household_id',
  'c.name',
  'c.school',
  'c.school_id',
  'c.grade',
  'c.route',
  'c.transport_need',
  'c.trip_type',
  'c.rate_weekly_cents',
  'c.active',
  'c.created_at',
] as const;

export type PayerRow = {
  id: string;
  household_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  relationship: string | null;
  is_primary: boolean;
  created_at: unknown;
};

/** The columns of a payer row, for a query of `transport_payer as p`. */
export const PAYER_COLUMNS = [
  'p.id',
  'p.household_id',
  'p.name',
  'p.email',
  'p.phone',
  'p.relationship',
  'p.is_primary',
  'p.created_at',
] as const;

export type AllocationRow = {
  id: string;
  household_id: string;
  payer_id: string;
  child_id: string;
  split_type: SplitType;
  value: string | number;
  created_at: unknown;
};

/** The columns of an allocation row, for a query of `transport_billing_allocation as a`. */
export const ALLOCATION_COLUMNS = [
  'a.id',
  'a.household_id',
  'a.payer_id',
  'a.child_id',
  'a.split_type',
  'a.value',
  'a.created_at',
] as const;

export type InvoiceRow = {
  id: string;
  household_id: string;
  payer_id: string | null;
  kind: InvoiceKind;
  status: InvoiceStatus;
  amount_cents: number;
  amount_paid_cents: number;
  provider: string;
  payment_url: string | null;
  cycle_start: string | null;
  cycle_end: string | null;
  created_at: unknown;
  sent_at: unknown;
  /** ISO 4217, as the invoice was issued. */
  currency: string;
  /** School days of five a first week after Monday bills; null for a full week or a fee. */
  school_days: number | null;
};

/**
 * The columns of an invoice row, for a query of `transport_invoice as i`. Dates come back as their
 * text (`YYYY-MM-DD`): the driver keeps date and timestamp values as the database writes them.
 */
export const INVOICE_COLUMNS = [
  'i.id',
  'i.household_id',
  'i.payer_id',
  'i.kind',
  'i.status',
  'i.amount_cents',
  'i.amount_paid_cents',
  'i.provider',
  'i.payment_url',
  'i.cycle_start',
  'i.cycle_end',
  'i.created_at',
  'i.sent_at',
  'i.currency',
  'i.school_days',
] as const;
/** The same columns for a statement on `transport_invoice` without an alias (an update's returning). */
export const INVOICE_TABLE_COLUMNS = INVOICE_COLUMNS.map((column) => column.slice(2) as StripAlias<(typeof INVOICE_COLUMNS)[number]>);
type StripAlias<T extends string> = T extends `${string}.${infer Column}` ? Column : never;

/** `%` and `_` in a search are literal characters, not wildcards. */
export const containsPattern = (search: string): string => `%${escapeLike(search)}%`;
