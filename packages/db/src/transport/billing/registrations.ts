import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { db, jsonb } from '../../kysely.ts';
import type { InvoiceStatus } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import {
  DEFAULT_PRICING,
  tripTypeFor,
  weeklyRateFor,
  type TenantPricing,
  type TransportNeed,
  type TripType,
} from '@switchyard/domain/transport/billing/rates';
import { SENT_ON_APPROVAL, VOIDED_ON_REJECTION } from '@switchyard/domain/transport/billing/outstanding';
import type { FullRegistrationInput, RegistrationStatus } from '@switchyard/domain/transport/billing/schemas';
import { containsPattern } from './rows.ts';

export type CreatedRegistration = {
  householdId: string;
  invoiceId: string;
  childrenCount: number;
  weeklyTotalCents: number;
  registrationFeeCents: number;
  currency: string;
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
    // The tenant's prices as they are now: the children's weekly rates and the fee are priced once, here.
    const prices = await db(tx)
      .selectFrom('transport_tenant')
      .select(['one_way_rate_cents', 'two_way_rate_cents', 'registration_fee_cents', 'currency'])
      .where('id', '=', tenantId)
      .executeTakeFirst();
    const pricing: TenantPricing = prices
      ? {
          weeklyRateCents: { one_way: prices.one_way_rate_cents, two_way: prices.two_way_rate_cents },
          registrationFeeCents: prices.registration_fee_cents,
          currency: prices.currency,
        }
      : DEFAULT_PRICING;
    const householdId = randomUUID();
    await db(tx)
      .insertInto('transport_household')
      .values({
        id: householdId,
        tenant_id: tenantId,
        name: input.parent.name,
        address: input.parent.address ?? null,
        first_pickup_date: input.first_pickup_date ?? null,
        policy_acknowledged: jsonb([...new Set(input.policy_acknowledged)]),
        emergency_contacts: jsonb(input.emergency_contacts),
        created_at: now,
        submitted_by_user_id: submittedBy,
      })
      .execute();
    const insertPayer = (
      payer: { name: string; email?: string | null; phone?: string | null; relationship?: string | null },
      primary: boolean,
    ) =>
      db(tx)
        .insertInto('transport_payer')
        .values({
          id: randomUUID(),
          tenant_id: tenantId,
          household_id: householdId,
          name: payer.name,
          email: payer.email ?? null,
          phone: payer.phone ?? null,
          relationship: payer.relationship ?? null,
          is_primary: primary,
          created_at: now,
        })
        .execute();
    await insertPayer(input.parent, true);
    if (input.parent2) {
      await insertPayer(input.parent2, false);
    }
    let weeklyTotalCents = 0;
    for (const [index, child] of input.children.entries()) {
      const rate = weeklyRateFor(child.transport_need, pricing);
      weeklyTotalCents += rate;
      await db(tx)
        .insertInto('transport_child')
        .values({
          id: randomUUID(),
          tenant_id: tenantId,
          household_id: householdId,
          name: child.name,
          school: child.school ?? null,
          school_id: child.school_id ?? null,
          grade: child.grade ?? null,
          route: child.route ?? null,
          transport_need: child.transport_need,
          trip_type: tripTypeFor(child.transport_need),
          rate_weekly_cents: rate,
          active: true,
          // Children keep the order they were entered in, even within one timestamp.
          created_at: new Date(now.getTime() + index),
        })
        .execute();
    }
    await db(tx)
      .insertInto('transport_registration')
      .values({
        id: householdId,
        tenant_id: tenantId,
        household_id: householdId,
        status: 'pending',
        parent_name: input.parent.name,
        parent_email: input.parent.email,
        parent_phone: input.parent.phone ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const invoiceId = randomUUID();
    await db(tx)
      .insertInto('transport_invoice')
      .values((eb) => ({
        id: invoiceId,
        tenant_id: tenantId,
        household_id: householdId,
        payer_id: eb.selectFrom('transport_payer').select('id').where('household_id', '=', householdId).where('is_primary', '=', true),
        kind: 'registration',
        status: 'pending',
        provider,
        amount_cents: pricing.registrationFeeCents,
        currency: pricing.currency,
        created_at: now,
      }))
      .execute();

    return {
      householdId,
      invoiceId,
      childrenCount: input.children.length,
      weeklyTotalCents,
      registrationFeeCents: pricing.registrationFeeCents,
      currency: pricing.currency,
      parent2Added: Boolean(input.parent2),
    };
  });

export type RegistrationRow = {
  id: string;
  household_id: string;
  status: RegistrationStatus;
  parent_name: string;
  parent_email: string;
  parent_phone: string | null;
  first_pickup_date: string | null;
  created_at: unknown;
  updated_at: unknown;
  children:
    | {
        id: string;
        name: string;
        school: string | null;
        route: string | null;
        grade: string | null;
        trip_type: TripType;
        transport_need: TransportNeed;
      }[]
    | string;
};

/** A tenant's registrations, newest first; `search` matches parent or student name, school or route. */
export const listRegistrations = async (
  em: SqlEntityManager,
  tenantId: string,
  filter: { status?: RegistrationStatus | 'all' | undefined; search?: string | undefined },
): Promise<RegistrationRow[]> => {
  const search = filter.search ? containsPattern(filter.search) : undefined;
  const statuses: readonly RegistrationStatus[] = filter.status && filter.status !== 'all' ? [filter.status] : [];
  return db(em)
    .selectFrom('transport_registration as r')
    .innerJoin('transport_household as h', 'h.id', 'r.household_id')
    .select((eb) => [
      'r.id',
      'r.household_id',
      'r.status',
      'r.parent_name',
      'r.parent_email',
      'r.parent_phone',
      'r.created_at',
      'r.updated_at',
      'h.first_pickup_date',
      // The children as one JSON list per registration, in the order they were entered.
      jsonArrayFrom(
        eb
          .selectFrom('transport_child as c')
          .select(['c.id', 'c.name', 'c.school', 'c.route', 'c.grade', 'c.trip_type', 'c.transport_need'])
          .whereRef('c.household_id', '=', 'r.household_id')
          .orderBy('c.created_at')
          .orderBy('c.id'),
      ).as('children'),
    ])
    .where('r.tenant_id', '=', tenantId)
    .$if(statuses.length > 0, (query) => query.where('r.status', 'in', statuses))
    .$if(search !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('r.parent_name', 'ilike', search ?? ''),
          eb.exists(
            eb
              .selectFrom('transport_child as s')
              .select('s.id')
              .whereRef('s.household_id', '=', 'r.household_id')
              .where((inner) =>
                inner.or([
                  inner('s.name', 'ilike', search ?? ''),
                  inner('s.school', 'ilike', search ?? ''),
                  inner('s.route', 'ilike', search ?? ''),
                ]),
              ),
          ),
        ]),
      ),
    )
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
};

export type DecidedRegistration = {
  id: string;
  previousStatus: RegistrationStatus | null;
  householdId: string;
  parentName: string;
  parentEmail: string;
  /** The registration-fee invoice, when the household has one. */
  invoice: { id: string; amountCents: number; status: InvoiceStatus; currency: string } | null;
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
    // The registration row stays locked until its invoices follow the decision, so two decisions run one after the other.
    const previous = await db(tx)
      .selectFrom('transport_registration')
      .select('status')
      .where('id', '=', registrationId)
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    const row = await db(tx)
      .updateTable('transport_registration')
      .set({ status: decision, updated_at: now, decision_reason: review.reason ?? null, decided_by: review.decidedBy ?? null })
      .where('id', '=', registrationId)
      .where('tenant_id', '=', tenantId)
      .returning(['id', 'household_id', 'parent_name', 'parent_email'])
      .executeTakeFirst();
    if (!row) {
      return null;
    }
    if (decision === 'approved') {
      await db(tx)
        .updateTable('transport_invoice')
        .set({ status: 'sent', sent_at: now })
        .where('household_id', '=', row.household_id)
        .where('kind', '=', 'registration')
        .where('status', 'in', SENT_ON_APPROVAL)
        .execute();
    } else {
      // The reason stays on each voided invoice, so nobody is asked to send it again.
      const voidReason = (review.reason ? `Registration rejected: ${review.reason}` : 'Registration rejected').slice(0, 500);
      await db(tx)
        .updateTable('transport_invoice')
        .set({ status: 'void', void_reason: voidReason, voided_at: now })
        .where('household_id', '=', row.household_id)
        .where('amount_paid_cents', '=', 0)
        .where('status', 'in', VOIDED_ON_REJECTION)
        .execute();
    }
    const invoice = await db(tx)
      .selectFrom('transport_invoice')
      .select(['id', 'amount_cents', 'status', 'currency'])
      .where('household_id', '=', row.household_id)
      .where('kind', '=', 'registration')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();

    return {
      id: row.id,
      previousStatus: previous?.status ?? null,
      householdId: row.household_id,
      parentName: row.parent_name,
      parentEmail: row.parent_email,
      invoice: invoice ? { id: invoice.id, amountCents: invoice.amount_cents, status: invoice.status, currency: invoice.currency } : null,
    };
  });

/** Records where the registration fee can be paid, once a provider made a link. */
export const recordPaymentLink = async (
  em: SqlEntityManager,
  invoiceId: string,
  link: { provider: string; url: string; ref: string | null },
): Promise<void> => {
  // A link without a reference keeps the one the invoice has.
  await db(em)
    .updateTable('transport_invoice')
    .set((eb) => ({ provider: link.provider, payment_url: link.url, provider_ref: link.ref ?? eb.ref('provider_ref') }))
    .where('id', '=', invoiceId)
    .execute();
};

export type ReviewRow = {
  id: string;
  household_id: string;
  status: RegistrationStatus;
  parent_name: string;
  parent_email: string;
  parent_phone: string | null;
  decision_reason: string | null;
  decided_by: string | null;
  created_at: unknown;
  updated_at: unknown;
};

/** One registration of the tenant as reviewed: who applied, its state, why and by whom it was decided. */
export const readRegistrationReview = async (em: SqlEntityManager, tenantId: string, registrationId: string): Promise<ReviewRow | null> => {
  const row: ReviewRow | undefined = await db(em)
    .selectFrom('transport_registration')
    .select([
      'id',
      'household_id',
      'status',
      'parent_name',
      'parent_email',
      'parent_phone',
      'decision_reason',
      'decided_by',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', registrationId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();

  return row ?? null;
};
