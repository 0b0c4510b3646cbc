import { randomBytes, randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { IntakeInput } from '@switchyard/domain/claims/schemas';
import { SYSTEM_ACTOR, SYSTEM_AUTHOR_NAME } from '@switchyard/domain/claims/vocabulary';
import type { NewOutboxMail } from '../mail-outbox.ts';
import { statementWithRetry } from '../with-retry.ts';

export type IntakeResult = {
  claimId: string;
  claimNumber: string;
  clientId: string;
  clientNumber: string;
  clientIsNew: boolean;
  /**
   * Set when the email belongs to a client and the request did not carry that client's session:
   * the stored contact fields were kept, and the client is to be told a claim was filed under it.
   */
  keptClient: { id: string; email: string; contactName: string } | null;
};

/** The team's mail about an intake, written to the outbox by the intake's own statement. */
export type IntakeTeamMail = Pick<NewOutboxMail, 'source' | 'kind' | 'recipient' | 'subject' | 'body'> & {
  replyTo: string | null;
  requestId: string | null;
};

/**
 * Writes the team mail of an intake given its claim and client numbers. The numbers are known only
 * inside the statement, so it is called with markers the statement replaces by the real numbers.
 */
export type IntakeTeamMailOf = (numbers: { claimNumber: string; clientNumber: string }) => IntakeTeamMail;

/**
 * Stand-ins for the numbers in the mail's subject and body: letters and digits only (a link
 * encodes nothing in them), and random per intake, so no text a caller typed can hold one.
 */
const numberMarkers = () => {
  const nonce = randomBytes(12).toString('hex');

  return { claimNumber: `claimnumber${nonce}`, clientNumber: `clientnumber${nonce}` };
};

/** The submitted contact details, written on an internal note when they were not applied. */
export const givenContactDetails = (client: IntakeInput['client']): string =>
  `Contact details given at intake: company "${client.company_name}", contact "${client.contact_name}", phone ${
    client.phone ? `"${client.phone}"` : 'none'
  }, email ${client.email}. The stored client details were kept because the request was not signed in as this client.`;

/** `<prefix>-<year>-<counter>`, the counter zero-padded to at least four digits (see domain numbering). */
const numberSql = (prefix: string, counter: string) =>
  `'${prefix}-' || :year || '-' || lpad(${counter}::text, greatest(4, length(${counter}::text)), '0')`;

/**
 * Intake is the hottest write path, so it is one statement: data-modifying CTEs find or create the
 * client, take the numbers from the (prefix, year) counters, and insert debtor, claim, receipt note
 * and audit rows. The statement runs on its own and is therefore one transaction: all or nothing,
 * and the counter rows it locks are released at its commit inside the database, so concurrent
 * intakes serialise on them only for the statement's own run, and a failure gives the numbers back
 * (no gaps). A unique-key race between two new clients with the same email is retried as a whole.
 *
 * The team's mail goes to the outbox in the same statement, so an intake is filed if and only if
 * its mail is queued: a connection lost or a failure anywhere leaves neither.
 *
 * An intake is anonymous, so an email alone proves nothing: an existing client's company, contact
 * name and phone change only when `:sessionClientId` (the client of the request's session) is that
 * client. Otherwise the stored row is left alone and the submitted details go on an internal note.
 */
export const INTAKE_SQL = `
with existing as (
  select id, client_number, company_name, contact_name, email from claims_client where email = :email for update
),
clt as (
  insert into number_sequence (prefix, year, counter)
  select 'CLT', :year::int, 1 where not exists (select 1 from existing)
  on conflict (prefix, year) do update set counter = number_sequence.counter + 1
  returning counter
),
new_client as (
  insert into claims_client (id, client_number, company_name, contact_name, email, phone, tos_accepted_at, created_at, updated_at)
  select :clientId::uuid, ${numberSql('CLT', 'clt.counter')}, :companyName, :contactName, :email, :phone::text, :now::timestamptz, :now::timestamptz, :now::timestamptz from clt
  returning id, client_number
),
updated_client as (
  update claims_client set company_name = :companyName, contact_name = :contactName,
    phone = coalesce(:phone::text, phone), tos_accepted_at = :now::timestamptz, updated_at = :now::timestamptz
  where id = (select id from existing) and id = :sessionClientId::uuid
  returning id, client_number
),
client as (
  select id, client_number, true as is_new, false as kept, :companyName::text as company_name from new_client
  union all
  select id, client_number, false, false, :companyName::text from updated_client
  union all
  select id, client_number, false, true, company_name from existing where id is distinct from :sessionClientId::uuid
),
renamed_claims as (
  -- Older claims of a returning client are found by the company name it gives now.
  update claims_claim c set search_text = lower(c.claim_number || ' ' || :companyName || ' ' || d.name || ' ' || :email)
  from claims_debtor d
  where d.id = c.debtor_id and c.client_id = (select id from updated_client)
  returning c.id
),
clm as (
  insert into number_sequence (prefix, year, counter) values ('CLM', :year::int, 1)
  on conflict (prefix, year) do update set counter = number_sequence.counter + 1
  returning counter
),
debtor as (
  insert into claims_debtor (id, name, business_type, contact_email, contact_phone, physical_address, created_at, updated_at)
  values (:debtorId::uuid, :debtorName, :businessType, :debtorEmail, :debtorPhone, :address, :now::timestamptz, :now::timestamptz)
  returning id, name
),
claim as (
  insert into claims_claim (id, claim_number, client_id, debtor_id, amount_cents, currency, status, tier, description,
    client_reference, invoice_date, search_text, created_at, updated_at)
  select :claimId::uuid, ${numberSql('CLM', 'clm.counter')}, client.id, debtor.id, :amount::int, 'USD', 'NEW', 'TIER_1', :description,
    :reference, :invoiceDate::date, lower(${numberSql('CLM', 'clm.counter')} || ' ' || client.company_name || ' ' || debtor.name || ' ' || :email), :now::timestamptz, :now::timestamptz
  from client, debtor, clm
  returning id, claim_number
),
note as (
  insert into claims_note (id, claim_id, author_type, author_name, subject, content, visibility, created_at)
  select :noteId::uuid, claim.id, 'SYSTEM', :systemName,
    null, 'Claim ' || claim.claim_number || ' received. Our team will review it and keep you updated here.', 'SHARED', :now::timestamptz
  from claim
  returning id, claim_id
),
given_details as (
  insert into claims_note (id, claim_id, author_type, author_name, subject, content, visibility, created_at)
  select :givenNoteId::uuid, claim.id, 'SYSTEM', :systemName, null, :givenDetails, 'INTERNAL', :now::timestamptz
  from claim, client
  where client.kept
  returning id, claim_id
),
audit as (
  insert into claims_audit_entry (id, entity_type, entity_id, claim_id, action, field, new_value, actor, reason, created_at)
  select gen_random_uuid(), 'client', client.id, null, case when client.is_new then 'create' else 'update' end,
    null, null, :systemActor, case when client.is_new then 'intake' else 'intake by existing client' end, :now::timestamptz
  from client
  where not client.kept
  union all
  select gen_random_uuid(), 'claim', claim.id, claim.id, 'create', 'status', 'NEW', client.client_number, null, :now::timestamptz
  from claim, client
  union all
  select gen_random_uuid(), 'note', note.id, note.claim_id, 'note_add', 'visibility', 'SHARED', :systemActor, null, :now::timestamptz
  from note
  union all
  select gen_random_uuid(), 'note', given_details.id, given_details.claim_id, 'note_add', 'visibility', 'INTERNAL', :systemActor,
    'contact details given at intake were not applied', :now::timestamptz
  from given_details
  returning id
),
team_mail as (
  insert into mail_outbox (id, source, kind, reference, recipient, reply_to, subject, body, status, attempts, next_attempt_at, created_at, request_id)
  select :mailId::uuid, :mailSource::text, :mailKind::text, claim.id::text, :mailRecipient::text, :mailReplyTo::text,
    replace(replace(:mailSubject::text, :claimMarker::text, claim.claim_number), :clientMarker::text, client.client_number),
    replace(replace(:mailBody::text, :claimMarker::text, claim.claim_number), :clientMarker::text, client.client_number),
    'pending', 0, :now::timestamptz, :now::timestamptz, :mailRequestId::text
  from claim, client
  returning id
)
select claim.id as claim_id, claim.claim_number, client.id as client_id, client.client_number, client.is_new, client.kept,
  (select contact_name from existing) as kept_contact_name, (select email from existing) as kept_email,
  (select count(*) from audit) as audit_rows, (select count(*) from renamed_claims) as renamed,
  (select count(*) from team_mail) as team_mails
from claim, client`;

type IntakeRow = {
  claim_id: string;
  claim_number: string;
  client_id: string;
  client_number: string;
  is_new: boolean;
  kept: boolean;
  kept_contact_name: string | null;
  kept_email: string | null;
};

/** `sessionClientId`: the client whose session the request carried, if any. */
export const recordIntake = (
  em: SqlEntityManager,
  input: IntakeInput,
  now: Date,
  sessionClientId: string | null,
  teamMailOf: IntakeTeamMailOf,
): Promise<IntakeResult> =>
  statementWithRetry(em, async (tx) => {
    const markers = numberMarkers();
    const mail = teamMailOf(markers);
    // Hand-written: one statement of data-modifying CTEs, so counter rows are locked only while the
    // database runs it (docs/architecture.md, "One request, end to end").
    const rows = await tx.execute<IntakeRow[]>(INTAKE_SQL, {
      year: now.getUTCFullYear(),
      email: input.client.email,
      clientId: randomUUID(),
      companyName: input.client.company_name,
      contactName: input.client.contact_name,
      phone: input.client.phone ?? null,
      sessionClientId,
      givenNoteId: randomUUID(),
      givenDetails: givenContactDetails(input.client),
      now,
      debtorId: randomUUID(),
      debtorName: input.debtor.name,
      businessType: input.debtor.business_type,
      debtorEmail: input.debtor.contact_email ?? null,
      debtorPhone: input.debtor.contact_phone ?? null,
      address: input.debtor.physical_address ?? null,
      claimId: randomUUID(),
      amount: input.claim.amount_cents,
      description: input.claim.description ?? null,
      reference: input.claim.client_reference ?? null,
      invoiceDate: input.claim.invoice_date ?? null,
      noteId: randomUUID(),
      systemName: SYSTEM_AUTHOR_NAME,
      systemActor: SYSTEM_ACTOR,
      mailId: randomUUID(),
      mailSource: mail.source,
      mailKind: mail.kind,
      mailRecipient: mail.recipient,
      mailReplyTo: mail.replyTo,
      mailRequestId: mail.requestId,
      mailSubject: mail.subject,
      mailBody: mail.body,
      claimMarker: markers.claimNumber,
      clientMarker: markers.clientNumber,
    });
    const row = rows[0];
    if (!row) {
      throw new Error('intake statement returned no row');
    }

    return {
      claimId: row.claim_id,
      claimNumber: row.claim_number,
      clientId: row.client_id,
      clientNumber: row.client_number,
      clientIsNew: row.is_new,
      keptClient: row.kept
        ? { id: row.client_id, email: row.kept_email ?? input.client.email, contactName: row.kept_contact_name ?? '' }
        : null,
    };
  });
