import type { SqlEntityManager } from '@mikro-orm/sql';

export type ClaimRecipient = { claim_id: string; email: string; contact_name: string };

/** The client a claim's news goes to. */
export const findClaimRecipient = async (em: SqlEntityManager, claimNumber: string): Promise<ClaimRecipient | null> => {
  const rows = await em.execute<ClaimRecipient[]>(
    `select c.id as claim_id, k.email, k.contact_name
     from claims_claim c join claims_client k on k.id = c.client_id
     where c.claim_number = ?`,
    [claimNumber],
  );

  return rows[0] ?? null;
};
