import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';

export type ClaimRow = {
  id: string;
  claim_number: string;
  client_id: string;
  debtor_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  tier: string;
  description: string | null;
  client_reference: string | null;
  invoice_date: string | null;
  date_assigned: Date | null;
  date_resolved: Date | null;
  crm_id: string | null;
  created_at: Date;
  updated_at: Date;
};

export type ClientRow = {
  id: string;
  client_number: string;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  tos_accepted_at: Date | null;
  crm_id: string | null;
  created_at: Date;
  updated_at: Date;
};

export type DebtorRow = {
  id: string;
  name: string;
  business_type: string;
  contact_email: string | null;
  contact_phone: string | null;
  physical_address: string | null;
  crm_id: string | null;
  created_at: Date;
  updated_at: Date;
};

export type DocumentRow = {
  id: string;
  claim_id: string;
  original_name: string;
  storage_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: string;
  client_visible: boolean;
  crm_id: string | null;
  created_at: Date;
};

export type NoteRow = {
  id: string;
  claim_id: string;
  author_type: string;
  author_name: string;
  subject: string | null;
  content: string;
  visibility: string;
  crm_id: string | null;
  created_at: Date;
};

export type AuditRow = {
  id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  actor: string;
  reason: string | null;
  created_at: Date;
};

/** The columns of a claim row, for a query of `claims_claim as c` (invoice_date, a date, comes back as its text). */
export const CLAIM_COLUMNS = [
  'c.id',
  'c.claim_number',
  'c.client_id',
  'c.debtor_id',
  'c.amount_cents',
  'c.currency',
  'c.status',
  'c.tier',
  'c.description',
  'c.client_reference',
  'c.invoice_date',
  'c.date_assigned',
  'c.date_resolved',
  'c.crm_id',
  'c.created_at',
  'c.updated_at',
] as const;

/** A claim by number, optionally only when it belongs to the given client. */
export const findClaim = async (em: SqlEntityManager, claimNumber: string, ownerClientId?: string): Promise<ClaimRow | null> => {
  const row = await db(em)
    .selectFrom('claims_claim as c')
    .select(CLAIM_COLUMNS)
    .where('c.claim_number', '=', claimNumber)
    .$if(ownerClientId !== undefined, (query) => query.where('c.client_id', '=', ownerClientId ?? ''))
    .executeTakeFirst();

  return (row as ClaimRow | undefined) ?? null;
};

export const findClientRow = async (em: SqlEntityManager, clientId: string): Promise<ClientRow | null> =>
  ((await db(em).selectFrom('claims_client').selectAll().where('id', '=', clientId).executeTakeFirst()) as ClientRow | undefined) ?? null;

export const findDebtorRow = async (em: SqlEntityManager, debtorId: string): Promise<DebtorRow | null> =>
  ((await db(em).selectFrom('claims_debtor').selectAll().where('id', '=', debtorId).executeTakeFirst()) as DebtorRow | undefined) ?? null;

export const listDocuments = async (em: SqlEntityManager, claimId: string, onlyClientVisible: boolean): Promise<DocumentRow[]> =>
  (await db(em)
    .selectFrom('claims_document')
    .selectAll()
    .where('claim_id', '=', claimId)
    .$if(onlyClientVisible, (query) => query.where('client_visible', '=', true))
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as DocumentRow[];

export const findDocument = async (em: SqlEntityManager, claimId: string, documentId: string): Promise<DocumentRow | null> =>
  ((await db(em).selectFrom('claims_document').selectAll().where('claim_id', '=', claimId).where('id', '=', documentId).executeTakeFirst()) as
    | DocumentRow
    | undefined) ?? null;

export const listNotes = async (em: SqlEntityManager, claimId: string, onlyShared: boolean): Promise<NoteRow[]> =>
  (await db(em)
    .selectFrom('claims_note')
    .selectAll()
    .where('claim_id', '=', claimId)
    .$if(onlyShared, (query) => query.where('visibility', '=', 'SHARED'))
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as NoteRow[];

/** The claim's own entries and those of its documents and notes, oldest first. */
export const listClaimAudit = (em: SqlEntityManager, claimId: string): Promise<AuditRow[]> =>
  db(em)
    .selectFrom('claims_audit_entry')
    .select(['id', 'entity_type', 'entity_id', 'action', 'field', 'old_value', 'new_value', 'actor', 'reason', 'created_at'])
    .where('claim_id', '=', claimId)
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
