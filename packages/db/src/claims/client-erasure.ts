import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ClaimStatus } from '@switchyard/domain/claims/vocabulary';
import { ERASED_MARKER, erasedEmail } from '@switchyard/domain/retention/retention-rules';
import { db } from '../kysely.ts';
import { recordAudit } from './audit.ts';
import { buildSearchText } from './search-text.ts';

export type ClientForErasure = { id: string; clientNumber: string; claims: { claimNumber: string; status: ClaimStatus }[] };

/** The client with this email (matched without regard to case) and its claims, or null. */
export const findClientForErasure = async (em: SqlEntityManager, email: string): Promise<ClientForErasure | null> => {
  const client = await db(em)
    .selectFrom('claims_client')
    .select(['id', 'client_number'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!client) {
    return null;
  }
  const claims = await db(em)
    .selectFrom('claims_claim')
    .select(['claim_number', 'status'])
    .where('client_id', '=', client.id)
    .orderBy('claim_number')
    .execute();

  return {
    id: client.id,
    clientNumber: client.client_number,
    claims: claims.map((claim) => ({ claimNumber: claim.claim_number, status: claim.status })),
  };
};

export type ClientErasure = { claims: number; notes: number; storageNames: string[] };

/**
 * Replaces the client's personal data with the marker, in one transaction: the client's names,
 * email and phone; the description and every note of its claims (the client's name as author);
 * removes its document rows, sign-in links and sessions, and writes the audit row. Claim numbers,
 * amounts, statuses and dates stay for the accounts. Answers the stored names of the removed
 * documents, whose bytes the caller removes from the store.
 */
export const eraseClient = (
  em: SqlEntityManager,
  input: { clientId: string; actor: string; forced: boolean; reason: string | null; now: Date },
): Promise<ClientErasure> =>
  em.fork().transactional(async (tx) => {
    const q = db(tx);
    const email = erasedEmail(input.clientId);
    await q
      .updateTable('claims_client')
      .set({ company_name: ERASED_MARKER, contact_name: ERASED_MARKER, email, phone: null, updated_at: input.now })
      .where('id', '=', input.clientId)
      .execute();
    const claims = await q
      .selectFrom('claims_claim as c')
      .innerJoin('claims_debtor as d', 'd.id', 'c.debtor_id')
      .select(['c.id', 'c.claim_number', 'd.name as debtor_name'])
      .where('c.client_id', '=', input.clientId)
      .forUpdate('c')
      .execute();
    const claimIds = claims.map((claim) => claim.id);
    // The search text carried the company name and the email; it is rebuilt from what is left.
    for (const claim of claims) {
      await q
        .updateTable('claims_claim')
        .set({ search_text: buildSearchText(claim.claim_number, ERASED_MARKER, claim.debtor_name, email) })
        .where('id', '=', claim.id)
        .execute();
    }
    let notes = 0;
    let storageNames: string[] = [];
    if (claimIds.length > 0) {
      await q
        .updateTable('claims_claim')
        .set({ description: ERASED_MARKER })
        .where('id', 'in', claimIds)
        .where('description', 'is not', null)
        .execute();
      const updated = await q
        .updateTable('claims_note')
        .set((eb) => ({
          content: ERASED_MARKER,
          author_name: eb.case().when('author_type', '=', 'CLIENT').then(ERASED_MARKER).else(eb.ref('author_name')).end(),
        }))
        .where('claim_id', 'in', claimIds)
        .executeTakeFirst();
      notes = Number(updated.numUpdatedRows);
      const removed = await q.deleteFrom('claims_document').where('claim_id', 'in', claimIds).returning('storage_name').execute();
      storageNames = removed.map((row) => row.storage_name);
    }
    await q.deleteFrom('claims_session').where('client_id', '=', input.clientId).execute();
    await q.deleteFrom('claims_magic_link_token').where('client_id', '=', input.clientId).execute();
    recordAudit(tx, {
      entityType: 'client',
      entityId: input.clientId,
      claimId: null,
      action: 'erase',
      field: input.forced ? 'forced' : null,
      newValue: JSON.stringify({ claims: claims.length, notes, documents: storageNames.length }),
      actor: input.actor,
      reason: input.reason,
      at: input.now,
    });

    return { claims: claims.length, notes, storageNames };
  });
