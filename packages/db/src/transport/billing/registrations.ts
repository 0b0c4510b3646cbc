import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { REGISTRATION_FEE_CENTS, tripTypeFor, weeklyRateFor } from '@switchyard/domain/transport/billing/rates';
import { SENT_ON_APPROVAL, VOIDED_ON_REJECTION } from '@switchyard/domain/transport/billing/outstanding';
import type { FullRegistrationInput } from '@switchyard/domain/transport/billing/schemas';
import { containsPattern, isoTimestamp } from './rows.ts';

export type CreatedRegistration = {
  householdId: string;
  invoiceId: string;
  childrenCount: number;
  weeklyTotalCents: number;
  parent2Added: boolean;
};

/**
 * The public signup: household, payers, children, the pending registration (whose id is the
 * household's) and the pending registration-fee invoice, all in one transaction. `submittedBy` is
 * the signed-in account that sent it, if any: the family's view lists what its account submitted.
 */
export const createFullRegistration = (
  em: SqlEntityManager,
  tenantId: string,
  input: FullRegistrationInput,
  now: Date,
  submittedBy: string | null,
  /** Who the fee will be collected through: the invoice's `provider`. */
  provider: string,
): Promise<CreatedRegistration> =>
  em.fork().transactional(async (tx) => {
    const householdId = randomUUID();
    const at = now.toISOString();
    await tx.execute(
      `insert into transport_household (id, tenant_id, name, address, first_pickup_date, policy_acknowledged, emergency_contacts, created_at, submitted_by_user_id)
       values (?, ?, ?, ?, ?::date, ?::jsonb, ?::jsonb, ?::timestamptz, ?)`,
      [
        householdId,
        tenantId,
        input.parent.name,
        input.parent.address ?? null,
        input.first_pickup_date ?? null,
        JSON.stringify([...new Set(input.policy_acknowledged)]),
        JSON.stringify(input.emergency_contacts),
        at,
        submittedBy,
      ],
    );
    const insertPayer = (payer: { name: string; email?: string | null; phone?: string | null; relationship?: string | null }, primary: boolean) =>
      tx.execute(
        `insert into transport_payer (id, tenant_id, household_id, name, email, phone, relationship, is_primary, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz)`,
        [randomUUID(), tenantId, householdId, payer.name, payer.email ?? null, payer.phone ?? null, payer.relationship ?? null, primary, at],
      );
    await insertPayer(input.parent, true);
    if (input.parent2) {
      await insertPayer(input.parent2, false);
    }
    let weeklyTotalCents = 0;
    for (const [index, child] of input.children.entries()) {
      const rate = weeklyRateFor(child.transport_need);
      weeklyTotalCents += rate;
      // Children keep the order they were entered in, even within one timestamp.
      const createdAt = new Date(now.getTime() + index).toISOString();
      await tx.execute(
        `insert into transport_child (id, tenant_id, household_id, name, school, school_id, grade, route, transport_need, trip_type, rate_weekly_cents, active, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, true, ?::timestamptz)`,
        [
          randomUUID(),
          tenantId,
          householdId,
          child.name,
          child.school ?? null,
          child.school_id ?? null,
          child.grade ?? null,
          child.route ?? null,
          child.transport_need,
          tripTypeFor(child.transport_need),
          rate,
          createdAt,
        ],
      );
    }
    await tx.execute(
      `insert into transport_registration (id, tenant_id, household_id, status, parent_name, parent_email, parent_phone, created_at, updated_at)
       values (?, ?, ?, 'pending', ?, ?, ?, ?::timestamptz, ?::timestamptz)`,
      [householdId, tenantId, householdId, input.parent.name, input.parent.email, input.parent.phone ?? null, at, at],
    );
    const invoiceId = randomUUID();
    await tx.execute(
      `insert into transport_invoice (id, tenant_id, household_id, payer_id, kind, status, provider, amount_cents, created_at)
       values (?, ?, ?, (select id from transport_payer where household_id = ? and is_primary), 'registration', 'pending', ?, ?, ?::timestamptz)`,
      [invoiceId, tenantId, householdId, householdId, provider, REGISTRATION_FEE_CENTS, at],
    );

    return { householdId, invoiceId, childrenCount: input.children.length, weeklyTotalCents, parent2Added: Boolean(input.parent2) };
  });

type RegistrationRow = {
  id: string;
  household_id: string;
  status: string;
  parent_name: string;
  parent_email: string;
  parent_phone: string | null;
  first_pickup_date: string | null;
  created_at: unknown;
  updated_at: unknown;
  children: { id: string; name: string; school: string | null; route: string | null; grade: string | null; trip_type: string; transport_need: string }[] | string;
};

const distinctJoined = (values: (string | null)[]): string | null => {
  const present = [...new Set(values.filter((value): value is string => Boolean(value)))];

  return present.length > 0 ? present.join(', ') : null;
};

const presentRegistration = (row: RegistrationRow) => {
  const children = typeof row.children === 'string' ? (JSON.parse(row.children) as Exclude<RegistrationRow['children'], string>) : row.children;

  return {
    id: row.id,
    household_id: row.household_id,
    status: row.status,
    parent_name: row.parent_name,
    parent_email: row.parent_email,
    parent_phone: row.parent_phone,
    student_name: distinctJoined(children.map((child) => child.name)),
    school: distinctJoined(children.map((child) => child.school)),
    route: distinctJoined(children.map((child) => child.route)),
    children_count: children.length,
    children,
    first_pickup_date: row.first_pickup_date,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
};
export type RegistrationView = ReturnType<typeof presentRegistration>;

/** A tenant's registrations, newest first; `search` matches parent or student name, school or route. */
export const listRegistrations = async (
  em: SqlEntityManager,
  tenantId: string,
  filter: { status?: string | undefined; search?: string | undefined },
): Promise<RegistrationView[]> => {
  const conditions = ['r.tenant_id = ?'];
  const params: unknown[] = [tenantId];
  if (filter.status && filter.status !== 'all') {
    conditions.push('r.status = ?');
    params.push(filter.status);
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(`(r.parent_name ilike ? or exists (
      select 1 from transport_child s where s.household_id = r.household_id
      and (s.name ilike ? or s.school ilike ? or s.route ilike ?)))`);
    params.push(pattern, pattern, pattern, pattern);
  }
  const rows = await em.execute<RegistrationRow[]>(
    `select r.id, r.household_id, r.status, r.parent_name, r.parent_email, r.parent_phone, r.created_at, r.updated_at,
       h.first_pickup_date::text as first_pickup_date,
       coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'school', c.school, 'route', c.route, 'grade', c.grade, 'trip_type', c.trip_type, 'transport_need', c.transport_need)
                 order by c.created_at, c.id)
                 from transport_child c where c.household_id = r.household_id), '[]'::json) as children
     from transport_registration r join transport_household h on h.id = r.household_id
     where ${conditions.join(' and ')}
     order by r.created_at desc, r.id desc`,
    params,
  );

  return rows.map(presentRegistration);
};

export type DecidedRegistration = {
  id: string;
  previousStatus: string | null;
  householdId: string;
  parentName: string;
  parentEmail: string;
  /** The registration-fee invoice, when the household has one. */
  invoice: { id: string; amountCents: number; status: string } | null;
};

/**
 * Moves a registration of the tenant to approved or rejected, with its invoices in the same
 * transaction: approval sends the registration-fee invoice, rejection voids what the household
 * was asked to pay (outstanding.ts). Null when the registration is not the tenant's.
 */
export const decideRegistration = (
  em: SqlEntityManager,
  tenantId: string,
  registrationId: string,
  decision: 'approved' | 'rejected',
  now: Date,
  review: { reason?: string | null; decidedBy?: string | null } = {},
): Promise<DecidedRegistration | null> =>
  em.fork().transactional(async (tx) => {
    const previous = await tx.execute<{ status: string }[]>('select status from transport_registration where id = ? and tenant_id = ? for update', [registrationId, tenantId]);
    const rows = await tx.execute<{ id: string; household_id: string; parent_name: string; parent_email: string }[]>(
      `update transport_registration set status = ?, updated_at = ?::timestamptz, decision_reason = ?, decided_by = ?
       where id = ? and tenant_id = ? returning id, household_id, parent_name, parent_email`,
      [decision, now.toISOString(), review.reason ?? null, review.decidedBy ?? null, registrationId, tenantId],
    );
    const row = rows[0];
    if (!row) {
      return null;
    }
    if (decision === 'approved') {
      await tx.execute(
        `update transport_invoice set status = 'sent', sent_at = ?::timestamptz
         where household_id = ? and kind = 'registration' and status in (${SENT_ON_APPROVAL.map(() => '?').join(', ')})`,
        [now.toISOString(), row.household_id, ...SENT_ON_APPROVAL],
      );
    } else {
      await tx.execute(
        `update transport_invoice set status = 'void'
         where household_id = ? and amount_paid_cents = 0 and status in (${VOIDED_ON_REJECTION.map(() => '?').join(', ')})`,
        [row.household_id, ...VOIDED_ON_REJECTION],
      );
    }
    const invoices = await tx.execute<{ id: string; amount_cents: number; status: string }[]>(
      `select id, amount_cents, status from transport_invoice where household_id = ? and kind = 'registration' order by created_at limit 1`,
      [row.household_id],
    );
    const invoice = invoices[0];

    return {
      id: row.id,
      previousStatus: previous[0]?.status ?? null,
      householdId: row.household_id,
      parentName: row.parent_name,
      parentEmail: row.parent_email,
      invoice: invoice ? { id: invoice.id, amountCents: invoice.amount_cents, status: invoice.status } : null,
    };
  });

/** Records where the registration fee can be paid, once a provider made a link. */
export const recordPaymentLink = async (em: SqlEntityManager, invoiceId: string, link: { provider: string; url: string; ref: string | null }): Promise<void> => {
  await em.execute('update transport_invoice set provider = ?, payment_url = ?, provider_ref = coalesce(?, provider_ref) where id = ?', [link.provider, link.url, link.ref, invoiceId]);
};

type ReviewRow = { id: string; household_id: string; status: string; parent_name: string; parent_email: string; parent_phone: string | null; decision_reason: string | null; decided_by: string | null; created_at: unknown; updated_at: unknown };

/** One registration of the tenant as reviewed: who applied, its state, why and by whom it was decided. */
export const readRegistrationReview = async (em: SqlEntityManager, tenantId: string, registrationId: string) => {
  const rows = await em.execute<ReviewRow[]>(
    'select id, household_id, status, parent_name, parent_email, parent_phone, decision_reason, decided_by, created_at, updated_at from transport_registration where id = ? and tenant_id = ?',
    [registrationId, tenantId],
  );
  const row = rows[0];

  return row ? { ...row, created_at: isoTimestamp(row.created_at), updated_at: isoTimestamp(row.updated_at) } : null;
};
