import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../kysely.ts';

export type ClaimRecipient = { claim_id: string; email: string; contact_name: string };

/** The client a claim's news goes to. */
export const findClaimRecipient = async (em: SqlEntityManager, claimNumber: string): Promise<ClaimRecipient | null> => {
  const row = await db(em)
    .selectFrom('claims_claim as c')
    .innerJoin('claims_client as k', 'k.id', 'c.client_id')
    .select(['c.id as claim_id', 'k.email', 'k.contact_name'])
    .where('c.claim_number', '=', claimNumber)
    .executeTakeFirst();

  return row ?? null;
};
