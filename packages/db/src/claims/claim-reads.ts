import type { SqlEntityManager } from '@mikro-orm/sql';

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

export const CLAIM_COLUMNS = `c.id, c.claim_number, c.client_id, c.debtor_id, c.amount_cents, c.currency, c.status, c.tier,
  c.description, c.client_reference, c.invoice_date::text as invoice_date, c.date_assigned, c.date_resolved, c.crm_id,
  c.created_at, c.updated_at`;

/** A claim by number, optionally only when it belongs to the given client. */
export const findClaim = async (
  em: SqlEntityManager,
  claimNumber: string,
  ownerClientId?: string,
): Promise<ClaimRow | null> => {
  const rows = ownerClientId
    ? await em.execute<ClaimRow[]>(`select ${CLAIM_COLUMNS} from claims_claim c where c.claim_number = ? and c.client_id = ?`, [
        claimNumber,
        ownerClientId,
      ])
    : await em.execute<ClaimRow[]>(`select ${CLAIM_COLUMNS} from claims_claim c where c.claim_number = ?`, [claimNumber]);

  return rows[0] ?? null;
};

export const findClientRow = async (em: SqlEntityManager, clientId: string): Promise<ClientRow | null> => {
  const rows = await em.execute<ClientRow[]>('select * from claims_client where id = ?', [clientId]);

  return rows[0] ?? null;
};

export const findDebtorRow = async (em: SqlEntityManager, debtorId: string): Promise<DebtorRow | null> => {
  const rows = await em.execute<DebtorRow[]>('select * from claims_debtor where id = ?', [debtorId]);

  return rows[0] ?? null;
};

export const listDocuments = (em: SqlEntityManager, claimId: string, onlyClientVisible: boolean): Promise<DocumentRow[]> =>
  em.execute<DocumentRow[]>(
    `select * from claims_document where claim_id = ? ${onlyClientVisible ? 'and client_visible' : ''}
     order by created_at, id`,
    [claimId],
  );

export const findDocument = async (em: SqlEntityManager, claimId: string, documentId: string): Promise<DocumentRow | null> => {
  const rows = await em.execute<DocumentRow[]>('select * from claims_document where claim_id = ? and id = ?', [
    claimId,
    documentId,
  ]);

  return rows[0] ?? null;
};

export const listNotes = (em: SqlEntityManager, claimId: string, onlyShared: boolean): Promise<NoteRow[]> =>
  em.execute<NoteRow[]>(
    `select * from claims_note where claim_id = ? ${onlyShared ? "and visibility = 'SHARED'" : ''}
     order by created_at, id`,
    [claimId],
  );

/** The claim's own entries and those of its documents and notes, oldest first. */
export const listClaimAudit = (em: SqlEntityManager, claimId: string): Promise<AuditRow[]> =>
  em.execute<AuditRow[]>(
    `select id, entity_type, entity_id, action, field, old_value, new_value, actor, reason, created_at
     from claims_audit_entry where claim_id = ? order by created_at, seq`,
    [claimId],
  );
