import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { DocumentStore } from '../../apps/api/src/claims/document-store/document-store.ts';

/**
 * Rows written straight into the tables, so a test can give each the age it needs (closed seven
 * years ago, reported a month ago) without waiting for it.
 */

export type SeededClaim = { id: string; claimNumber: string; noteId: string; documentId: string; storageName: string };

export const seedClient = async (
  em: SqlEntityManager,
  input: { email: string; companyName: string; clientNumber: string; at: Date },
): Promise<string> => {
  const id = randomUUID();
  await em.execute(
    `insert into claims_client (id, client_number, company_name, contact_name, email, phone, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, input.clientNumber, input.companyName, `${input.companyName} contact`, input.email, '+1 555 0100', input.at, input.at],
  );

  return id;
};

/** A claim of the client with one client message and one stored document. */
export const seedClaim = async (
  em: SqlEntityManager,
  store: DocumentStore,
  input: { clientId: string; claimNumber: string; status: string; dateResolved: Date | null; updatedAt: Date; amountCents?: number },
): Promise<SeededClaim> => {
  const debtorId = randomUUID();
  const claim: SeededClaim = {
    id: randomUUID(),
    claimNumber: input.claimNumber,
    noteId: randomUUID(),
    documentId: randomUUID(),
    storageName: randomUUID(),
  };
  await em.execute('insert into claims_debtor (id, name, created_at, updated_at) values (?, ?, ?, ?)', [
    debtorId,
    `Debtor of ${input.claimNumber}`,
    input.updatedAt,
    input.updatedAt,
  ]);
  await em.execute(
    `insert into claims_claim (id, claim_number, client_id, debtor_id, amount_cents, status, description, date_resolved, search_text, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      claim.id,
      input.claimNumber,
      input.clientId,
      debtorId,
      input.amountCents ?? 123_45,
      input.status,
      'Unpaid invoice for the Smith job',
      input.dateResolved,
      input.claimNumber.toLowerCase(),
      input.updatedAt,
      input.updatedAt,
    ],
  );
  await em.execute(
    `insert into claims_note (id, claim_id, author_type, author_name, subject, content, created_at) values (?, ?, 'CLIENT', 'Ana Client', 'Other', 'my phone is 555 0100', ?)`,
    [claim.noteId, claim.id, input.updatedAt],
  );
  const content = Buffer.from(`%PDF-1.4 ${input.claimNumber}`);
  await store.put(claim.storageName, Readable.from([content]));
  await em.execute(
    `insert into claims_document (id, claim_id, original_name, storage_name, mime_type, size_bytes, sha256, created_at) values (?, ?, 'statement.pdf', ?, 'application/pdf', ?, ?, ?)`,
    [claim.documentId, claim.id, claim.storageName, content.length, '0'.repeat(64), input.updatedAt],
  );

  return claim;
};

export type SeededHousehold = { id: string; payerId: string; childId: string; registrationId: string; invoiceId: string };

/** A household of the demo tenant with a payer, a child, a registration and one invoice in `invoiceStatus`. */
export const seedHousehold = async (
  em: SqlEntityManager,
  input: { id: string; name: string; email: string; invoiceStatus: string; amountCents: number; amountPaidCents: number },
): Promise<SeededHousehold> => {
  const household: SeededHousehold = {
    id: input.id,
    payerId: `${input.id}-payer`,
    childId: `${input.id}-child`,
    registrationId: `${input.id}-reg`,
    invoiceId: `${input.id}-inv`,
  };
  await em.execute(
    `insert into transport_household (id, tenant_id, name, address, emergency_contacts) values (?, 'demo', ?, '12 Elm Street', ?::jsonb)`,
    [household.id, input.name, JSON.stringify([{ name: 'Grandma', phone: '555 0199' }])],
  );
  await em.execute(
    `insert into transport_payer (id, tenant_id, household_id, name, email, phone, relationship, is_primary) values (?, 'demo', ?, ?, ?, '555 0101', 'mother', true)`,
    [household.payerId, household.id, `${input.name} parent`, input.email],
  );
  await em.execute(
    `insert into transport_child (id, tenant_id, household_id, name, school, grade, transport_need, trip_type, rate_weekly_cents) values (?, 'demo', ?, ?, 'Hill School', '3', 'both', 'two_way', 17500)`,
    [household.childId, household.id, `${input.name} child`],
  );
  await em.execute(
    `insert into transport_registration (id, tenant_id, household_id, status, parent_name, parent_email, parent_phone) values (?, 'demo', ?, 'approved', ?, ?, '555 0101')`,
    [household.registrationId, household.id, `${input.name} parent`, input.email],
  );
  await em.execute(
    `insert into transport_invoice (id, tenant_id, household_id, payer_id, kind, status, amount_cents, amount_paid_cents) values (?, 'demo', ?, ?, 'registration', ?, ?, ?)`,
    [household.invoiceId, household.id, household.payerId, input.invoiceStatus, input.amountCents, input.amountPaidCents],
  );

  return household;
};
