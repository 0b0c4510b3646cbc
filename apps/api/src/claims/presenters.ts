import { formatCents } from '@switchyard/domain/money';
import { escapeHtml } from '@switchyard/domain/claims/escape-html';
import { correctionChangesOfAudit } from '@switchyard/domain/claims/correction';
import { STATUS_LABELS, TIER_LABELS, TIER_STEPS, tierBadge, type ClaimStatus, type ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { toIsoSeconds, toIsoSecondsOrNull } from '@switchyard/domain/time';
import type { AuditRow, ClaimRow, ClientRow, DebtorRow, DocumentRow, NoteRow } from '@switchyard/db/claims/claim-reads';
import type { ClientClaimRow } from '@switchyard/db/claims/client-claims';
import type { StaffListRow } from '@switchyard/db/claims/staff-reads';
import type { Document, Note } from '@switchyard/db/claims/entities';
import type { z } from 'zod';
import type {
  auditEntryOutput,
  clientClaimDetailOutput,
  clientClaimItemOutput,
  clientNoteOutput,
  documentOutput,
  staffClaimDetailOutput,
  staffDocumentOutput,
  staffListOutput,
  staffNoteOutput,
} from './output-schemas.ts';

/**
 * Shapes of the claims API's answers, built from database rows and domain labels. Each presenter
 * answers the type of its output schema, so a field added to one and not the other fails the typecheck.
 */
type StaffClaimDetail = z.output<typeof staffClaimDetailOutput>;

const statusFields = (status: ClaimStatus) => ({ status, status_label: STATUS_LABELS[status] ?? status });
const amountFields = (cents: number) => ({ amount_cents: cents, amount_display: formatCents(cents) });
const tierFields = (tier: ClaimTier) => ({
  tier,
  tier_step: TIER_STEPS[tier],
  tier_label: TIER_LABELS[tier],
  tier_badge: tierBadge(tier),
});

export const presentClientClaimItem = (row: ClientClaimRow): z.output<typeof clientClaimItemOutput> => ({
  claim_number: row.claim_number,
  ...statusFields(row.status),
  tier: row.tier,
  ...amountFields(row.amount_cents),
  debtor_name: row.debtor_name,
  created_at: toIsoSeconds(row.created_at),
  date_resolved: toIsoSecondsOrNull(row.date_resolved),
  has_news: row.has_news,
});

/** A document just stored, in the names the reads answer (its checksum and CRM id stay out of the answer). */
export type StoredDocument = Pick<
  DocumentRow,
  'id' | 'original_name' | 'size_bytes' | 'mime_type' | 'uploaded_by' | 'client_visible' | 'created_at'
>;

export const storedDocument = (document: Document): StoredDocument => ({
  id: document.id,
  original_name: document.originalName,
  size_bytes: document.sizeBytes,
  mime_type: document.mimeType,
  uploaded_by: document.uploadedBy,
  client_visible: document.clientVisible,
  created_at: document.createdAt,
});

/** A note just added, in the names the reads answer. */
export type WrittenNote = Pick<NoteRow, 'id' | 'author_type' | 'author_name' | 'subject' | 'content' | 'visibility' | 'created_at'>;

export const writtenNote = (note: Note): WrittenNote => ({
  id: note.id,
  author_type: note.authorType,
  author_name: note.authorName,
  subject: note.subject ?? null,
  content: note.content,
  visibility: note.visibility,
  created_at: note.createdAt,
});

export const presentDocument = (doc: DocumentRow | StoredDocument): z.output<typeof documentOutput> => ({
  id: doc.id,
  original_name: doc.original_name,
  size_bytes: doc.size_bytes,
  mime_type: doc.mime_type,
  uploaded_by: doc.uploaded_by,
  created_at: toIsoSeconds(doc.created_at),
});

export const presentStaffDocument = (doc: DocumentRow | StoredDocument): z.output<typeof staffDocumentOutput> => ({
  ...presentDocument(doc),
  client_visible: doc.client_visible,
  ...('sha256' in doc ? { sha256: doc.sha256, crm_id: doc.crm_id } : {}),
});

export const presentClientNote = (note: NoteRow | WrittenNote): z.output<typeof clientNoteOutput> => ({
  author_type: note.author_type,
  author_name: note.author_name,
  subject: note.subject,
  content: escapeHtml(note.content),
  created_at: toIsoSeconds(note.created_at),
});

export const presentStaffNote = (note: NoteRow | WrittenNote): z.output<typeof staffNoteOutput> => ({
  id: note.id,
  ...presentClientNote(note),
  visibility: note.visibility,
});

const claimDates = (claim: ClaimRow) => ({
  invoice_date: claim.invoice_date,
  date_assigned: toIsoSecondsOrNull(claim.date_assigned),
  date_resolved: toIsoSecondsOrNull(claim.date_resolved),
});

export const presentClientClaimDetail = (
  claim: ClaimRow,
  debtor: DebtorRow,
  documents: DocumentRow[],
  notes: NoteRow[],
): z.output<typeof clientClaimDetailOutput> => ({
  claim_number: claim.claim_number,
  ...statusFields(claim.status),
  ...tierFields(claim.tier),
  ...amountFields(claim.amount_cents),
  currency: claim.currency,
  description: claim.description,
  client_reference: claim.client_reference,
  ...claimDates(claim),
  created_at: toIsoSeconds(claim.created_at),
  debtor: { name: debtor.name, business_type: debtor.business_type },
  documents: documents.map(presentDocument),
  notes: notes.map(presentClientNote),
});

export const presentClient = (client: ClientRow): StaffClaimDetail['client'] => ({
  id: client.id,
  client_number: client.client_number,
  company_name: client.company_name,
  contact_name: client.contact_name,
  email: client.email,
  phone: client.phone,
  tos_accepted_at: toIsoSecondsOrNull(client.tos_accepted_at),
  crm_id: client.crm_id,
  created_at: toIsoSeconds(client.created_at),
  updated_at: toIsoSeconds(client.updated_at),
});

export const presentDebtor = (debtor: DebtorRow): StaffClaimDetail['debtor'] => ({
  id: debtor.id,
  name: debtor.name,
  business_type: debtor.business_type,
  contact_email: debtor.contact_email,
  contact_phone: debtor.contact_phone,
  physical_address: debtor.physical_address,
  crm_id: debtor.crm_id,
  created_at: toIsoSeconds(debtor.created_at),
  updated_at: toIsoSeconds(debtor.updated_at),
});

/** A correction's row carries its changes as JSON; the answer lists them, so no reader parses the values. */
const correctionChanges = (entry: AuditRow) => {
  const changes =
    entry.action === 'correction'
      ? correctionChangesOfAudit({ field: entry.field, oldValue: entry.old_value, newValue: entry.new_value })
      : null;

  return changes ? { changes } : {};
};

export const presentAudit = (entry: AuditRow): z.output<typeof auditEntryOutput> => ({
  id: entry.id,
  entity_type: entry.entity_type,
  entity_id: entry.entity_id,
  action: entry.action,
  field: entry.field,
  old_value: entry.old_value,
  new_value: entry.new_value,
  actor: entry.actor,
  reason: entry.reason,
  ...correctionChanges(entry),
  created_at: toIsoSeconds(entry.created_at),
});

export const presentStaffClaimDetail = (input: {
  claim: ClaimRow;
  client: ClientRow;
  debtor: DebtorRow;
  documents: DocumentRow[];
  notes: NoteRow[];
  audit: AuditRow[];
  assignee: { id: string; name: string } | null;
}): StaffClaimDetail => ({
  id: input.claim.id,
  claim_number: input.claim.claim_number,
  client_id: input.claim.client_id,
  debtor_id: input.claim.debtor_id,
  ...statusFields(input.claim.status),
  ...tierFields(input.claim.tier),
  ...amountFields(input.claim.amount_cents),
  currency: input.claim.currency,
  description: input.claim.description,
  client_reference: input.claim.client_reference,
  ...claimDates(input.claim),
  crm_id: input.claim.crm_id,
  created_at: toIsoSeconds(input.claim.created_at),
  updated_at: toIsoSeconds(input.claim.updated_at),
  client: presentClient(input.client),
  debtor: presentDebtor(input.debtor),
  documents: input.documents.map(presentStaffDocument),
  notes: input.notes.map(presentStaffNote),
  audit: input.audit.map(presentAudit),
  assignee: input.assignee,
});

export const presentStaffListItem = (row: StaffListRow): z.output<typeof staffListOutput>['claims'][number] => ({
  claim_number: row.claim_number,
  ...statusFields(row.status),
  tier: row.tier,
  ...amountFields(row.amount_cents),
  created_at: toIsoSeconds(row.created_at),
  updated_at: toIsoSeconds(row.updated_at),
  date_resolved: toIsoSecondsOrNull(row.date_resolved),
  client: { client_number: row.client_number, company_name: row.company_name, contact_name: row.contact_name, email: row.email },
  debtor: { name: row.debtor_name, business_type: row.business_type },
  document_count: row.document_count,
  note_count: row.note_count,
  client_activity_at: toIsoSecondsOrNull(row.client_activity_at),
  assignee: row.assignee_id && row.assignee_name !== null ? { id: row.assignee_id, name: row.assignee_name } : null,
});
