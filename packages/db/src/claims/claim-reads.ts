import type { SqlEntityManager } from '@mikro-orm/sql';
import { db, type TableRow } from '../kysely.ts';

/** A claim as the staff and client answers read it: every column but the search text and the viewing marks. */
export type ClaimRow = Omit<TableRow<'claims_claim'>, 'search_text' | 'client_viewed_at' | 'staff_viewed_at'>;

export type ClientRow = TableRow<'claims_client'>;

export type DebtorRow = TableRow<'claims_debtor'>;

export type DocumentRow = TableRow<'claims_document'>;

export type NoteRow = TableRow<'claims_note'>;

export type AuditRow = Pick<
  TableRow<'claims_audit_entry'>,
  'id' | 'entity_type' | 'entity_id' | 'action' | 'field' | 'old_value' | 'new_value' | 'actor' | 'reason' | 'created_at'
>;

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
  'c.assignee_id',
] as const;

/** A claim by number, optionally only when it belongs to the given client. */
export const findClaim = async (em: SqlEntityManager, claimNumber: string, ownerClientId?: string): Promise<ClaimRow | null> => {
  const row = await db(em)
    .selectFrom('claims_claim as c')
    .select(CLAIM_COLUMNS)
    .where('c.claim_number', '=', claimNumber)
    .$if(ownerClientId !== undefined, (query) => query.where('c.client_id', '=', ownerClientId ?? ''))
    .executeTakeFirst();

  return row ?? null;
};

export const findClientRow = async (em: SqlEntityManager, clientId: string): Promise<ClientRow | null> =>
  (await db(em).selectFrom('claims_client').selectAll().where('id', '=', clientId).executeTakeFirst()) ?? null;

export const findDebtorRow = async (em: SqlEntityManager, debtorId: string): Promise<DebtorRow | null> =>
  (await db(em).selectFrom('claims_debtor').selectAll().where('id', '=', debtorId).executeTakeFirst()) ?? null;

export const listDocuments = (em: SqlEntityManager, claimId: string, onlyClientVisible: boolean): Promise<DocumentRow[]> =>
  db(em)
    .selectFrom('claims_document')
    .selectAll()
    .where('claim_id', '=', claimId)
    .$if(onlyClientVisible, (query) => query.where('client_visible', '=', true))
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findDocument = async (em: SqlEntityManager, claimId: string, documentId: string): Promise<DocumentRow | null> =>
  (await db(em)
    .selectFrom('claims_document')
    .selectAll()
    .where('claim_id', '=', claimId)
    .where('id', '=', documentId)
    .executeTakeFirst()) ?? null;

export const listNotes = (em: SqlEntityManager, claimId: string, onlyShared: boolean): Promise<NoteRow[]> =>
  db(em)
    .selectFrom('claims_note')
    .selectAll()
    .where('claim_id', '=', claimId)
    .$if(onlyShared, (query) => query.where('visibility', '=', 'SHARED'))
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The claim's own entries and those of its documents and notes, oldest first. */
export const listClaimAudit = (em: SqlEntityManager, claimId: string): Promise<AuditRow[]> =>
  db(em)
    .selectFrom('claims_audit_entry')
    .select(['id', 'entity_type', 'entity_id', 'action', 'field', 'old_value', 'new_value', 'actor', 'reason', 'created_at'])
    .where('claim_id', '=', claimId)
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
