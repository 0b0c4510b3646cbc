import { defineEntity, p } from '@mikro-orm/core';

// Table and column names are fixed by the migrations; entities map onto them explicitly.
const timestamps = {
  createdAt: p.datetime().fieldName('created_at'),
};

export const ClientSchema = defineEntity({
  name: 'Client',
  tableName: 'claims_client',
  properties: {
    id: p.uuid().primary(),
    clientNumber: p.string().fieldName('client_number'),
    companyName: p.string().fieldName('company_name'),
    contactName: p.string().fieldName('contact_name'),
    email: p.string(),
    phone: p.string().nullable(),
    tosAcceptedAt: p.datetime().fieldName('tos_accepted_at').nullable(),
    crmId: p.string().fieldName('crm_id').nullable(),
    ...timestamps,
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class Client extends ClientSchema.class {}
ClientSchema.setClass(Client);

export const DebtorSchema = defineEntity({
  name: 'Debtor',
  tableName: 'claims_debtor',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    businessType: p.string().fieldName('business_type'),
    contactEmail: p.string().fieldName('contact_email').nullable(),
    contactPhone: p.string().fieldName('contact_phone').nullable(),
    physicalAddress: p.string().fieldName('physical_address').nullable(),
    crmId: p.string().fieldName('crm_id').nullable(),
    ...timestamps,
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class Debtor extends DebtorSchema.class {}
DebtorSchema.setClass(Debtor);

export const ClaimSchema = defineEntity({
  name: 'Claim',
  tableName: 'claims_claim',
  properties: {
    id: p.uuid().primary(),
    claimNumber: p.string().fieldName('claim_number'),
    client: () => p.manyToOne(Client).fieldName('client_id'),
    debtor: () => p.manyToOne(Debtor).fieldName('debtor_id'),
    amountCents: p.integer().fieldName('amount_cents'),
    currency: p.string(),
    status: p.string(),
    tier: p.string(),
    description: p.string().nullable(),
    clientReference: p.string().fieldName('client_reference').nullable(),
    invoiceDate: p.string().fieldName('invoice_date').columnType('date').nullable(),
    dateAssigned: p.datetime().fieldName('date_assigned').nullable(),
    dateResolved: p.datetime().fieldName('date_resolved').nullable(),
    crmId: p.string().fieldName('crm_id').nullable(),
    searchText: p.string().fieldName('search_text'),
    ...timestamps,
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class Claim extends ClaimSchema.class {}
ClaimSchema.setClass(Claim);

export const DocumentSchema = defineEntity({
  name: 'Document',
  tableName: 'claims_document',
  properties: {
    id: p.uuid().primary(),
    claim: () => p.manyToOne(Claim).fieldName('claim_id'),
    originalName: p.string().fieldName('original_name'),
    storageName: p.string().fieldName('storage_name'),
    mimeType: p.string().fieldName('mime_type'),
    sizeBytes: p.integer().fieldName('size_bytes'),
    sha256: p.string(),
    uploadedBy: p.string().fieldName('uploaded_by'),
    clientVisible: p.boolean().fieldName('client_visible'),
    crmId: p.string().fieldName('crm_id').nullable(),
    ...timestamps,
  },
});
export class Document extends DocumentSchema.class {}
DocumentSchema.setClass(Document);

export const NoteSchema = defineEntity({
  name: 'Note',
  tableName: 'claims_note',
  properties: {
    id: p.uuid().primary(),
    claim: () => p.manyToOne(Claim).fieldName('claim_id'),
    authorType: p.string().fieldName('author_type'),
    authorName: p.string().fieldName('author_name'),
    subject: p.string().nullable(),
    content: p.text(),
    visibility: p.string(),
    crmId: p.string().fieldName('crm_id').nullable(),
    ...timestamps,
  },
});
export class Note extends NoteSchema.class {}
NoteSchema.setClass(Note);

export const MagicLinkTokenSchema = defineEntity({
  name: 'MagicLinkToken',
  tableName: 'claims_magic_link_token',
  properties: {
    id: p.uuid().primary(),
    client: () => p.manyToOne(Client).fieldName('client_id'),
    tokenHash: p.string().fieldName('token_hash'),
    expiresAt: p.datetime().fieldName('expires_at'),
    consumedAt: p.datetime().fieldName('consumed_at').nullable(),
    requestedIp: p.string().fieldName('requested_ip').nullable(),
    ...timestamps,
  },
});
export class MagicLinkToken extends MagicLinkTokenSchema.class {}
MagicLinkTokenSchema.setClass(MagicLinkToken);

export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'claims_session',
  properties: {
    id: p.uuid().primary(),
    client: () => p.manyToOne(Client).fieldName('client_id'),
    sessionHash: p.string().fieldName('session_hash'),
    expiresAt: p.datetime().fieldName('expires_at'),
    revokedAt: p.datetime().fieldName('revoked_at').nullable(),
    lastSeenAt: p.datetime().fieldName('last_seen_at').nullable(),
    ...timestamps,
  },
});
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);

export const AuditEntrySchema = defineEntity({
  name: 'AuditEntry',
  tableName: 'claims_audit_entry',
  properties: {
    id: p.uuid().primary(),
    entityType: p.string().fieldName('entity_type'),
    entityId: p.uuid().fieldName('entity_id'),
    /** The claim an entry belongs to (itself, or the claim of a document or note), for the claim's trail. */
    claimId: p.uuid().fieldName('claim_id').nullable(),
    action: p.string(),
    field: p.string().nullable(),
    oldValue: p.string().fieldName('old_value').nullable(),
    newValue: p.string().fieldName('new_value').nullable(),
    actor: p.string(),
    reason: p.string().nullable(),
    ...timestamps,
  },
});
export class AuditEntry extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntry);

/** Per-(prefix, year) counter behind claim and client numbers; taken with an upsert in sequence.ts. */
export const NumberSequenceSchema = defineEntity({
  name: 'NumberSequence',
  tableName: 'number_sequence',
  properties: {
    prefix: p.string().primary(),
    year: p.integer().primary(),
    counter: p.integer(),
  },
});
export class NumberSequence extends NumberSequenceSchema.class {}
NumberSequenceSchema.setClass(NumberSequence);

/** Fixed-window rate-limit counters shared by every API process (see rate-limit.ts). */
export const RateLimitCounterSchema = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counter',
  properties: {
    key: p.string().primary(),
    windowStart: p.datetime().fieldName('window_start'),
    hits: p.integer(),
  },
});
export class RateLimitCounter extends RateLimitCounterSchema.class {}
RateLimitCounterSchema.setClass(RateLimitCounter);

export const claimsEntities = [
  NumberSequenceSchema,
  RateLimitCounterSchema,
  ClientSchema,
  DebtorSchema,
  ClaimSchema,
  DocumentSchema,
  NoteSchema,
  MagicLinkTokenSchema,
  SessionSchema,
  AuditEntrySchema,
];
