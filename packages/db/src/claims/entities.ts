import { defineEntity, p } from '@mikro-orm/core';
import type {
  AuditAction,
  AuditEntityType,
  AuthorType,
  BusinessType,
  ClaimStatus,
  ClaimTier,
  NoteVisibility,
  Uploader,
} from '@switchyard/domain/claims/vocabulary';
import { claimsStaffEntities, StaffMember } from './staff-entities.ts';

// The entities declare the whole schema the migrations build (types, lengths, defaults, keys,
// indexes, checks, constraint names), so MikroORM's schema diff against a migrated database is
// empty (test/db/schema-diff.test.ts). The migrations stay the history; a change goes into both.
const timestamps = {
  createdAt: p.datetime().fieldName('created_at'),
};

export const ClientSchema = defineEntity({
  name: 'Client',
  tableName: 'claims_client',
  properties: {
    id: p.uuid().primary(),
    clientNumber: p.text().fieldName('client_number').unique('claims_client_client_number_key'),
    companyName: p.string().length(200).fieldName('company_name'),
    contactName: p.string().length(200).fieldName('contact_name'),
    email: p.string().length(254).unique('claims_client_email_key'),
    phone: p.string().length(50).nullable(),
    tosAcceptedAt: p.datetime().fieldName('tos_accepted_at').nullable(),
    crmId: p.text().fieldName('crm_id').nullable(),
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
    name: p.string().length(200),
    businessType: p.text().$type<BusinessType>().fieldName('business_type').default('OTHER'),
    contactEmail: p.string().length(254).fieldName('contact_email').nullable(),
    contactPhone: p.string().length(50).fieldName('contact_phone').nullable(),
    physicalAddress: p.string().length(500).fieldName('physical_address').nullable(),
    crmId: p.text().fieldName('crm_id').nullable(),
    ...timestamps,
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class Debtor extends DebtorSchema.class {}
DebtorSchema.setClass(Debtor);

export const ClaimSchema = defineEntity({
  name: 'Claim',
  tableName: 'claims_claim',
  indexes: [
    // Trigram search over the lower-cased claim number and names (the pg_trgm extension's operator class).
    {
      name: 'claims_claim_search_idx',
      expression: 'create index claims_claim_search_idx on claims_claim using gin (search_text gin_trgm_ops)',
    },
    { name: 'claims_claim_client_idx', columns: [{ name: 'client_id' }, { name: 'created_at', sort: 'DESC' }] },
    {
      name: 'claims_claim_created_idx',
      columns: [
        { name: 'created_at', sort: 'DESC' },
        { name: 'id', sort: 'DESC' },
      ],
    },
    { name: 'claims_claim_status_idx', columns: [{ name: 'status' }, { name: 'created_at', sort: 'DESC' }, { name: 'id', sort: 'DESC' }] },
    { name: 'claims_claim_tier_idx', columns: [{ name: 'tier' }, { name: 'created_at', sort: 'DESC' }, { name: 'id', sort: 'DESC' }] },
    { name: 'claims_claim_debtor_idx', properties: ['debtor'] },
    { name: 'claims_claim_assignee_idx', properties: ['assigneeId'] },
  ],
  checks: [{ name: 'claims_claim_amount_cents_check', expression: 'amount_cents > 0' }],
  properties: {
    id: p.uuid().primary(),
    claimNumber: p.text().fieldName('claim_number').unique('claims_claim_claim_number_key'),
    client: () => p.manyToOne(Client).fieldName('client_id').deleteRule('restrict').foreignKeyName('claims_claim_client_id_fkey'),
    debtor: () => p.manyToOne(Debtor).fieldName('debtor_id').deleteRule('restrict').foreignKeyName('claims_claim_debtor_id_fkey'),
    amountCents: p.integer().fieldName('amount_cents'),
    currency: p.text().default('USD'),
    status: p.text().$type<ClaimStatus>().default('NEW'),
    tier: p.text().$type<ClaimTier>().default('TIER_1'),
    description: p.string().length(5000).nullable(),
    clientReference: p.string().length(100).fieldName('client_reference').nullable(),
    invoiceDate: p.string().fieldName('invoice_date').columnType('date').nullable(),
    dateAssigned: p.datetime().fieldName('date_assigned').nullable(),
    dateResolved: p.datetime().fieldName('date_resolved').nullable(),
    crmId: p.text().fieldName('crm_id').nullable(),
    searchText: p.text().fieldName('search_text'),
    clientViewedAt: p.datetime().fieldName('client_viewed_at').nullable(),
    staffViewedAt: p.datetime().fieldName('staff_viewed_at').nullable(),
    /** The staff member the claim is given to; null: nobody yet. */
    assigneeId: () =>
      p
        .manyToOne(StaffMember)
        .mapToPk()
        .fieldName('assignee_id')
        .nullable()
        .deleteRule('set null')
        .foreignKeyName('claims_claim_assignee_id_fkey'),
    ...timestamps,
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class Claim extends ClaimSchema.class {}
ClaimSchema.setClass(Claim);

export const DocumentSchema = defineEntity({
  name: 'Document',
  tableName: 'claims_document',
  indexes: [{ name: 'claims_document_claim_idx', properties: ['claim', 'createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    claim: () => p.manyToOne(Claim).fieldName('claim_id').deleteRule('restrict').foreignKeyName('claims_document_claim_id_fkey'),
    originalName: p.string().length(255).fieldName('original_name'),
    storageName: p.text().fieldName('storage_name').unique('claims_document_storage_name_key'),
    mimeType: p.text().fieldName('mime_type'),
    sizeBytes: p.integer().fieldName('size_bytes'),
    sha256: p.string().columnType('char(64)'),
    uploadedBy: p.text().$type<Uploader>().fieldName('uploaded_by').default('CLIENT'),
    clientVisible: p.boolean().fieldName('client_visible').default(true),
    crmId: p.text().fieldName('crm_id').nullable(),
    ...timestamps,
  },
});
export class Document extends DocumentSchema.class {}
DocumentSchema.setClass(Document);

export const NoteSchema = defineEntity({
  name: 'Note',
  tableName: 'claims_note',
  indexes: [{ name: 'claims_note_claim_idx', properties: ['claim', 'createdAt'] }],
  checks: [{ name: 'claims_note_content_check', expression: 'char_length(content) <= 10000' }],
  properties: {
    id: p.uuid().primary(),
    claim: () => p.manyToOne(Claim).fieldName('claim_id').deleteRule('restrict').foreignKeyName('claims_note_claim_id_fkey'),
    authorType: p.text().$type<AuthorType>().fieldName('author_type'),
    authorName: p.string().length(200).fieldName('author_name'),
    subject: p.text().nullable(),
    content: p.text(),
    visibility: p.text().$type<NoteVisibility>().default('SHARED'),
    crmId: p.text().fieldName('crm_id').nullable(),
    ...timestamps,
  },
});
export class Note extends NoteSchema.class {}
NoteSchema.setClass(Note);

export const MagicLinkTokenSchema = defineEntity({
  name: 'MagicLinkToken',
  tableName: 'claims_magic_link_token',
  indexes: [{ name: 'claims_magic_link_token_expiry_idx', properties: ['expiresAt'] }],
  properties: {
    id: p.uuid().primary(),
    client: () => p.manyToOne(Client).fieldName('client_id').deleteRule('cascade').foreignKeyName('claims_magic_link_token_client_id_fkey'),
    tokenHash: p.string().columnType('char(64)').fieldName('token_hash').unique('claims_magic_link_token_token_hash_key'),
    expiresAt: p.datetime().fieldName('expires_at'),
    consumedAt: p.datetime().fieldName('consumed_at').nullable(),
    requestedIp: p.text().fieldName('requested_ip').nullable(),
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
    client: () => p.manyToOne(Client).fieldName('client_id').deleteRule('cascade').foreignKeyName('claims_session_client_id_fkey'),
    sessionHash: p.string().columnType('char(64)').fieldName('session_hash').unique('claims_session_session_hash_key'),
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
  indexes: [
    {
      name: 'claims_audit_entry_entity_idx',
      columns: [{ name: 'entity_type' }, { name: 'entity_id' }, { name: 'created_at', sort: 'DESC' }],
    },
    { name: 'claims_audit_entry_claim_idx', properties: ['claimId', 'createdAt'] },
    { name: 'claims_audit_entry_created_idx', columns: [{ name: 'created_at', sort: 'DESC' }] },
  ],
  properties: {
    id: p.uuid().primary(),
    /** Entries written in one transaction share a timestamp; seq keeps their written order. */
    seq: p.bigint().autoincrement().generated('identity'),
    entityType: p.text().$type<AuditEntityType>().fieldName('entity_type'),
    entityId: p.uuid().fieldName('entity_id'),
    /** The claim an entry belongs to (itself, or the claim of a document or note), for the claim's trail. */
    claimId: p.uuid().fieldName('claim_id').nullable(),
    action: p.text().$type<AuditAction>(),
    field: p.text().nullable(),
    oldValue: p.text().fieldName('old_value').nullable(),
    newValue: p.text().fieldName('new_value').nullable(),
    actor: p.text(),
    reason: p.text().nullable(),
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
    prefix: p.text().primary(),
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
  indexes: [{ name: 'rate_limit_counter_window_idx', properties: ['windowStart'] }],
  properties: {
    key: p.text().primary(),
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
  ...claimsStaffEntities,
];
