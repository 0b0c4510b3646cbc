import type { ClaimRow, ClientRow, DebtorRow, DocumentRow, NoteRow, AuditRow } from '@switchyard/db/claims/claim-reads';
import { builder } from '../builder.ts';

/** Declared apart from their fields so that Claim and Client can point at each other. */
export const ClaimRef = builder.objectRef<ClaimRow>('Claim');
export const ClientRef = builder.objectRef<ClientRow>('Client');
export const DebtorRef = builder.objectRef<DebtorRow>('Debtor');
export const DocumentRef = builder.objectRef<DocumentRow>('Document');
export const NoteRef = builder.objectRef<NoteRow>('Note');
export const AuditEntryRef = builder.objectRef<AuditRow>('AuditEntry');
