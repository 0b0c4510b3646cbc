import type { SqlEntityManager } from '@mikro-orm/sql';

export type ClientClaimRow = {
  claim_number: string;
  status: string;
  tier: string;
  amount_cents: number;
  debtor_name: string;
  created_at: Date;
  date_resolved: Date | null;
  has_news: boolean;
};

/**
 * News for the client: a shared note from the team (or the system) or a document the team made
 * visible, since the client last opened the claim (or since it was filed, if never opened).
 */
const HAS_NEWS_SQL = `(
  exists (select 1 from claims_note n where n.claim_id = c.id and n.visibility = 'SHARED' and n.author_type <> 'CLIENT'
    and n.created_at > greatest(c.client_viewed_at, c.created_at))
  or exists (select 1 from claims_document f where f.claim_id = c.id and f.client_visible and f.uploaded_by = 'STAFF'
    and f.created_at > greatest(c.client_viewed_at, c.created_at))
)`;

/** The signed-in client's own claims, newest first. */
export const listClientClaims = (em: SqlEntityManager, clientId: string): Promise<ClientClaimRow[]> =>
  em.execute<ClientClaimRow[]>(
    `select c.claim_number, c.status, c.tier, c.amount_cents, d.name as debtor_name, c.created_at, c.date_resolved,
       ${HAS_NEWS_SQL} as has_news
     from claims_claim c join claims_debtor d on d.id = c.debtor_id
     where c.client_id = ?
     order by c.created_at desc, c.claim_number desc`,
    [clientId],
  );

export const countClientClaims = async (em: SqlEntityManager, clientId: string): Promise<number> => {
  const rows = await em.execute<{ n: number }[]>('select count(*)::int as n from claims_claim where client_id = ?', [clientId]);

  return rows[0]?.n ?? 0;
};

/** Records that the client opened the claim now, which clears its news marker. */
export const markClaimViewed = async (em: SqlEntityManager, claimId: string, now: Date): Promise<void> => {
  await em.execute('update claims_claim set client_viewed_at = ? where id = ?', [now, claimId]);
};
