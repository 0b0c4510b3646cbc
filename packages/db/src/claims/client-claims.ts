import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ClaimStatus, ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { db } from '../kysely.ts';
import { Claim } from './entities.ts';

export type ClientClaimRow = {
  claim_number: string;
  status: ClaimStatus;
  tier: ClaimTier;
  amount_cents: number;
  debtor_name: string;
  created_at: Date;
  date_resolved: Date | null;
  has_news: boolean;
};

/** The signed-in client's own claims, newest first. */
export const listClientClaims = async (em: SqlEntityManager, clientId: string): Promise<ClientClaimRow[]> => {
  const rows = await db(em)
    .selectFrom('claims_claim as c')
    .innerJoin('claims_debtor as d', 'd.id', 'c.debtor_id')
    .select((eb) => {
      // News for the client: a shared note from the team (or the system) or a document the team
      // made visible, since the client last opened the claim (or since it was filed, if never opened).
      const lastSeen = eb.fn<Date>('greatest', ['c.client_viewed_at', 'c.created_at']);

      return [
        'c.claim_number',
        'c.status',
        'c.tier',
        'c.amount_cents',
        'd.name as debtor_name',
        'c.created_at',
        'c.date_resolved',
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('claims_note as n')
                .select('n.id')
                .whereRef('n.claim_id', '=', 'c.id')
                .where('n.visibility', '=', 'SHARED')
                .where('n.author_type', '<>', 'CLIENT')
                .where('n.created_at', '>', lastSeen),
            ),
            eb.exists(
              eb
                .selectFrom('claims_document as f')
                .select('f.id')
                .whereRef('f.claim_id', '=', 'c.id')
                .where('f.client_visible', '=', true)
                .where('f.uploaded_by', '=', 'STAFF')
                .where('f.created_at', '>', lastSeen),
            ),
          ])
          .as('has_news'),
      ];
    })
    // The query builder allows 0/1 for other databases; PostgreSQL answers a boolean.
    .$narrowType<{ has_news: boolean }>()
    .where('c.client_id', '=', clientId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.claim_number', 'desc')
    .execute();

  return rows;
};

export const countClientClaims = (em: SqlEntityManager, clientId: string): Promise<number> => em.count(Claim, { client: clientId });

/** Records that the client opened the claim now, which clears its news marker. */
export const markClaimViewed = async (em: SqlEntityManager, claimId: string, now: Date): Promise<void> => {
  await em.nativeUpdate(Claim, { id: claimId }, { clientViewedAt: now });
};
