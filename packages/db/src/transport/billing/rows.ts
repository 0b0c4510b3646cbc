import { escapeLike } from '../../kysely.ts';

/** Turns raw SQL rows of the billing tables into the API's JSON shapes (money as currency units). */

export const isoTimestamp = (value: unknown): string | null => {
  if (value === null || value === undefined) {
    return null;
  }

  return (value instanceof Date ? value : new Date(String(value))).toISOString();
};

export type ChildRow = {
  id: string;
  tenant_id: string;
  household_id: string;
  name: string;
  school: string | null;
  school_id: string | null;
  grade: string | null;
  route: string | null;
  transport_need: string;
  trip_type: string;
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

export const presentChild = (row: ChildRow) => ({
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
export type ChildView = ReturnType<typeof presentChild>;

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
export const PAYER_COLUMNS = ['p.id', 'p.household_id', 'p.name', 'p.email', 'p.phone', 'p.relationship', 'p.is_primary', 'p.created_at'] as const;

export const presentPayer = (row: PayerRow) => ({
  id: row.id,
  household_id: row.household_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  relationship: row.relationship,
  is_primary: row.is_primary,
  created_at: isoTimestamp(row.created_at),
});

export type AllocationRow = { id: string; household_id: string; payer_id: string; child_id: string; split_type: string; value: string | number; created_at: unknown };

/** The columns of an allocation row, for a query of `transport_billing_allocation as a`. */
export const ALLOCATION_COLUMNS = ['a.id', 'a.household_id', 'a.payer_id', 'a.child_id', 'a.split_type', 'a.value', 'a.created_at'] as const;

export const presentAllocation = (row: AllocationRow) => ({
  id: row.id,
  household_id: row.household_id,
  payer_id: row.payer_id,
  child_id: row.child_id,
  split_type: row.split_type,
  value: Number(row.value),
  created_at: isoTimestamp(row.created_at),
});

export type InvoiceRow = {
  id: string;
  household_id: string;
  payer_id: string | null;
  kind: string;
  status: string;
  amount_cents: number;
  amount_paid_cents: number;
  provider: string;
  payment_url: string | null;
  cycle_start: string | null;
  cycle_end: string | null;
  created_at: unknown;
  sent_at: unknown;
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
] as const;
/** The same columns for a statement on `transport_invoice` without an alias (an update's returning). */
export const INVOICE_TABLE_COLUMNS = INVOICE_COLUMNS.map((column) => column.slice(2) as StripAlias<(typeof INVOICE_COLUMNS)[number]>);
type StripAlias<T extends string> = T extends `${string}.${infer Column}` ? Column : never;

export const presentInvoice = (row: InvoiceRow) => ({
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
});
export type InvoiceView = ReturnType<typeof presentInvoice>;

/** `%` and `_` in a search are literal characters, not wildcards. */
export const containsPattern = (search: string): string => `%${escapeLike(search)}%`;
