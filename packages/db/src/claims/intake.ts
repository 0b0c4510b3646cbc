import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { IntakeInput } from '@switchyard/domain/claims/schemas';
import { SYSTEM_ACTOR, SYSTEM_AUTHOR_NAME } from '@switchyard/domain/claims/vocabulary';
import { transactionWithRetry } from '../with-retry.ts';
import { recordAudit } from './audit.ts';
import { Claim, Client, Debtor, Note } from './entities.ts';
import { takeSequenceNumber } from './sequence.ts';
import { buildSearchText } from './search-text.ts';

export type IntakeResult = {
  claimId: string;
  claimNumber: string;
  clientNumber: string;
  clientIsNew: boolean;
};

/**
 * Writes one intake: the client (new or updated), a debtor, the claim with its number, the
 * receipt note and the audit rows, all in one transaction that is retried on contention.
 */
export const recordIntake = (em: SqlEntityManager, input: IntakeInput, now: Date): Promise<IntakeResult> =>
  transactionWithRetry(em, async (tx) => {
    const year = now.getUTCFullYear();
    let client = await tx.findOne(Client, { email: input.client.email });
    const clientIsNew = client === null;
    if (client === null) {
      client = tx.create(Client, {
        id: randomUUID(),
        clientNumber: await takeSequenceNumber(tx, 'CLT', year),
        companyName: input.client.company_name,
        contactName: input.client.contact_name,
        email: input.client.email,
        phone: input.client.phone ?? null,
        tosAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    } else {
      client.companyName = input.client.company_name;
      client.contactName = input.client.contact_name;
      if (input.client.phone !== undefined) {
        client.phone = input.client.phone;
      }
      client.tosAcceptedAt = now;
      client.updatedAt = now;
    }

    const debtor = tx.create(Debtor, {
      id: randomUUID(),
      name: input.debtor.name,
      businessType: input.debtor.business_type,
      contactEmail: input.debtor.contact_email ?? null,
      contactPhone: input.debtor.contact_phone ?? null,
      physicalAddress: input.debtor.physical_address ?? null,
      createdAt: now,
      updatedAt: now,
    });

    const claimNumber = await takeSequenceNumber(tx, 'CLM', year);
    const claim = tx.create(Claim, {
      id: randomUUID(),
      claimNumber,
      client,
      debtor,
      amountCents: input.claim.amount_cents,
      currency: 'USD',
      status: 'NEW',
      tier: 'TIER_1',
      description: input.claim.description ?? null,
      clientReference: input.claim.client_reference ?? null,
      invoiceDate: input.claim.invoice_date ?? null,
      dateAssigned: null,
      dateResolved: null,
      searchText: buildSearchText(claimNumber, client.companyName, debtor.name),
      createdAt: now,
      updatedAt: now,
    });

    const note = tx.create(Note, {
      id: randomUUID(),
      claim,
      authorType: 'SYSTEM',
      authorName: SYSTEM_AUTHOR_NAME,
      subject: null,
      content: `Claim ${claimNumber} received. Our team will review it and keep you updated here.`,
      visibility: 'SHARED',
      createdAt: now,
    });

    recordAudit(tx, {
      entityType: 'client',
      entityId: client.id,
      claimId: null,
      action: clientIsNew ? 'create' : 'update',
      actor: SYSTEM_ACTOR,
      reason: clientIsNew ? 'intake' : 'intake by existing client',
      at: now,
    });
    recordAudit(tx, { entityType: 'claim', entityId: claim.id, claimId: claim.id, action: 'create', actor: client.clientNumber, newValue: 'NEW', field: 'status', at: now });
    recordAudit(tx, { entityType: 'note', entityId: note.id, claimId: claim.id, action: 'note_add', actor: SYSTEM_ACTOR, at: now });

    await tx.flush();
    if (!clientIsNew) {
      // A company name edited at intake must also be found by the staff search on older claims.
      await tx.execute(
        `update claims_claim c set search_text = lower(c.claim_number || ' ' || ? || ' ' || d.name)
         from claims_debtor d where d.id = c.debtor_id and c.client_id = ?`,
        [client.companyName, client.id],
      );
    }

    return { claimId: claim.id, claimNumber, clientNumber: client.clientNumber, clientIsNew };
  });
