import type { SqlEntityManager } from '@mikro-orm/sql';
import { ERASED_MARKER, erasedEmail } from '@switchyard/domain/retention/retention-rules';
import type { InvoiceStatus } from '@switchyard/domain/transport/billing/invoice-vocabulary';
import { db, jsonb } from '../../kysely.ts';
import { recordTransportAudit } from '../tenants/audit-log.ts';

export type HouseholdForErasure = {
  id: string;
  tenantId: string;
  invoices: { id: string; status: InvoiceStatus; amountCents: number; amountPaidCents: number }[];
};

/** The household and its invoices (what may refuse the erasure), or null. */
export const findHouseholdForErasure = async (em: SqlEntityManager, householdId: string): Promise<HouseholdForErasure | null> => {
  const household = await db(em)
    .selectFrom('transport_household')
    .select(['id', 'tenant_id'])
    .where('id', '=', householdId)
    .executeTakeFirst();
  if (!household) {
    return null;
  }
  const invoices = await db(em)
    .selectFrom('transport_invoice')
    .select(['id', 'status', 'amount_cents', 'amount_paid_cents'])
    .where('household_id', '=', householdId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  return {
    id: household.id,
    tenantId: household.tenant_id,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      status: invoice.status,
      amountCents: invoice.amount_cents,
      amountPaidCents: invoice.amount_paid_cents,
    })),
  };
};

export type HouseholdErasure = { payers: number; children: number; registrations: number };

/**
 * Replaces the household's personal data with the marker, in one transaction: its name, address
 * and emergency contacts; its payers' names, emails, phones and relationships; its children's
 * names; the parent named on its registrations. Invoices, payments, credits, rates and dates stay
 * for the accounts, and the audit row records the erasure.
 */
export const eraseHousehold = (
  em: SqlEntityManager,
  input: { householdId: string; tenantId: string; actor: string; forced: boolean; reason: string | null; now: Date },
): Promise<HouseholdErasure> =>
  em.fork().transactional(async (tx) => {
    const q = db(tx);
    const { householdId } = input;
    await q
      .updateTable('transport_household')
      .set({ name: ERASED_MARKER, address: null, emergency_contacts: jsonb([]) })
      .where('id', '=', householdId)
      .execute();
    const payers = await q
      .updateTable('transport_payer')
      .set({ name: ERASED_MARKER, email: null, phone: null, relationship: null })
      .where('household_id', '=', householdId)
      .executeTakeFirst();
    const children = await q
      .updateTable('transport_child')
      .set({ name: ERASED_MARKER })
      .where('household_id', '=', householdId)
      .executeTakeFirst();
    // The registration's email must stay a unique-looking address; each row gets its own.
    const registrations = await q.selectFrom('transport_registration').select('id').where('household_id', '=', householdId).execute();
    for (const registration of registrations) {
      await q
        .updateTable('transport_registration')
        .set({ parent_name: ERASED_MARKER, parent_email: erasedEmail(registration.id), parent_phone: null, updated_at: input.now })
        .where('id', '=', registration.id)
        .execute();
    }
    const erased: HouseholdErasure = {
      payers: Number(payers.numUpdatedRows),
      children: Number(children.numUpdatedRows),
      registrations: registrations.length,
    };
    await recordTransportAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: 'household.erase',
      resource: `household:${householdId}`,
      householdId,
      details: { ...erased, forced: input.forced, reason: input.reason },
      at: input.now,
    });

    return erased;
  });
