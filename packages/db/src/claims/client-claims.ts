import type { SqlEntityManager } from '@mikro-orm/sql';

export type ClientClaimRow = {
  claim_number: string;
  status: string;
  tier: string;
  amount_cents: number;
  debtor_name: string;
  created_at: Date;
  date_resolved: Date | null;
};

/** The signed-in client's own claims, newest first. */
export const listClientClaims = (em: SqlEntityManager, clientId: string): Promise<ClientClaimRow[]> =>
  em.execute<ClientClaimRow[]>(
    `select c.claim_number, c.status, c.tier, c.amount_cents, d.name as debtor_name, c.created_at, c.date_resolved
     from claims_claim c join claims_debtor d on d.id = c.debtor_id
     where c.client_id = ?
     order by c.created_at desc, c.claim_number desc`,
    [clientId],
  );

export const countClientClaims = async (em: SqlEntityManager, clientId: string): Promise<number> => {
  const rows = await em.execute<{ n: number }[]>('select count(*)::int as n from claims_claim where client_id = ?', [clientId]);

  return rows[0]?.n ?? 0;
};
