import { randomUUID } from 'node:crypto';
import type { TestClaims } from '../support/claims-server.ts';
import { freshIp } from '../support/claims-client.ts';

export type GraphqlAnswer = { status: number; body: any };

/** POSTs one GraphQL operation; `staff` true sends the right key, a string sends that string. */
export const gql = async (
  claims: TestClaims,
  query: string,
  options: { variables?: Record<string, unknown>; staff?: boolean | string; operationName?: string; headers?: Record<string, string> } = {},
): Promise<GraphqlAnswer> => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp(), ...options.headers };
  const staff = options.staff ?? true;
  if (staff) {
    headers['X-Staff-Key'] = staff === true ? claims.staffKey : staff;
  }
  const response = await fetch(`${claims.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: options.variables, operationName: options.operationName }),
  });

  return { status: response.status, body: await response.json() };
};

/** A claim written straight into the tables, for volume and for intake dates in the past. */
export type SeedClaim = {
  claimNumber: string;
  createdAt: Date;
  status: string;
  tier: string;
  amountCents: number;
  company: string;
  debtor: string;
};

export type SeededClaim = SeedClaim & { id: string; clientId: string; debtorId: string };

const DAY_MS = 86_400_000;
export const daysBefore = (date: Date, days: number): Date => new Date(date.getTime() - days * DAY_MS);

/** Inserts clients (one per company), a debtor per claim and the claims, in a few statements. */
export const insertClaims = async (claims: TestClaims, seeds: SeedClaim[]): Promise<SeededClaim[]> => {
  const em = claims.db.fork();
  const clientIds = new Map<string, string>();
  for (const company of new Set(seeds.map((seed) => seed.company))) {
    const id = randomUUID();
    clientIds.set(company, id);
    const at = new Date('2024-01-01T00:00:00Z');
    await em.execute(
      `insert into claims_client (id, client_number, company_name, contact_name, email, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [id, `CLT-2024-${String(clientIds.size + 8000)}`, company, 'Seed Contact', `${id}@seed.test`, at, at],
    );
  }
  const seeded = seeds.map((seed) => ({
    ...seed,
    id: randomUUID(),
    debtorId: randomUUID(),
    clientId: clientIds.get(seed.company) as string,
  }));
  for (let start = 0; start < seeded.length; start += 100) {
    const chunk = seeded.slice(start, start + 100);
    await em.execute(
      `insert into claims_debtor (id, name, business_type, created_at, updated_at) values ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flatMap((claim) => [claim.debtorId, claim.debtor, 'LLC', claim.createdAt, claim.createdAt]),
    );
    await em.execute(
      `insert into claims_claim (id, claim_number, client_id, debtor_id, amount_cents, status, tier, search_text, created_at, updated_at)
       values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flatMap((claim) => [
        claim.id,
        claim.claimNumber,
        claim.clientId,
        claim.debtorId,
        claim.amountCents,
        claim.status,
        claim.tier,
        `${claim.claimNumber} ${claim.company} ${claim.debtor}`.toLowerCase(),
        claim.createdAt,
        claim.createdAt,
      ]),
    );
  }

  return seeded;
};

/** A small deterministic generator, so a failing seed can be replayed exactly. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;

  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;

    return state / 2 ** 32;
  };
};
