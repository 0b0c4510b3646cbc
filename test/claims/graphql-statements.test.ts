import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { daysBefore, gql, insertClaims, type SeededClaim } from './graphql-support.ts';

/**
 * Counts the SQL statements one GraphQL request sends. Every statement of the ORM, raw or built,
 * goes through the driver's single connection object, on PGlite and on PostgreSQL alike, so
 * wrapping its execute sees them all.
 */

let claims: TestClaims;
let seeded: SeededClaim[];
const statements: string[] = [];

beforeAll(async () => {
  claims = await startTestClaims();
  const now = new Date('2026-06-15T12:00:00Z');
  seeded = await insertClaims(
    claims,
    Array.from({ length: 60 }, (_, index) => ({
      claimNumber: `CLM-2026-${String(7000 + index)}`,
      createdAt: daysBefore(now, index + 0.5),
      status: index % 3 === 0 ? 'ACTIVE' : 'NEW',
      tier: 'TIER_1',
      amountCents: 10_000 + index,
      company: `Company ${index % 7}`,
      debtor: `Debtor ${index}`,
    })),
  );
  const em = claims.db.fork();
  for (const claim of seeded) {
    const at = claim.createdAt;
    // The second document and note come a second later, so their oldest-first order is known.
    const later = new Date(at.getTime() + 1000);
    await em.execute(
      `insert into claims_document (id, claim_id, original_name, storage_name, mime_type, size_bytes, sha256, uploaded_by, client_visible, created_at)
       values (?, ?, 'invoice.pdf', ?, 'application/pdf', 1000, ?, 'CLIENT', true, ?), (?, ?, 'letter.pdf', ?, 'application/pdf', 2000, ?, 'STAFF', false, ?)`,
      [randomUUID(), claim.id, randomUUID(), 'a'.repeat(64), at, randomUUID(), claim.id, randomUUID(), 'b'.repeat(64), later],
    );
    await em.execute(
      `insert into claims_note (id, claim_id, author_type, author_name, content, visibility, created_at)
       values (?, ?, 'SYSTEM', 'Switchyard', 'Claim received', 'SHARED', ?), (?, ?, 'STAFF', 'Sam', 'Called <debtor>', 'INTERNAL', ?)`,
      [randomUUID(), claim.id, at, randomUUID(), claim.id, later],
    );
    await em.execute(
      `insert into claims_audit_entry (id, entity_type, entity_id, claim_id, action, actor, created_at)
       values (?, 'claim', ?, ?, 'create', 'system', ?), (?, 'claim', ?, ?, 'update', 'staff', ?)`,
      [randomUUID(), claim.id, claim.id, at, randomUUID(), claim.id, claim.id, at],
    );
  }
  // Every statement, hand-written or built by the ORM, reaches the database through this executor.
  const executor = claims.db.em.getConnection().getClient().getExecutor();
  const executeQuery = executor.executeQuery.bind(executor);
  executor.executeQuery = ((...args: Parameters<typeof executeQuery>) => {
    const sql = args[0].sql;
    // The mail outbox worker polls on its own timer through the same connection; its statements
    // are not the request's.
    if (!/\bmail_outbox\b/.test(sql)) {
      statements.push(sql);
    }

    return executeQuery(...args);
  }) as typeof executor.executeQuery;
});

afterAll(async () => {
  await claims?.close();
});

const PAGE = `query Page($first: Int) {
  claims(first: $first) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node {
      claimNumber statusLabel tierStep amountDisplay
      client { companyName email }
      debtor { name businessType }
      documents { originalName uploadedBy }
      notes { content visibility }
      auditTrail { action actor }
    } }
  }
}`;

const countStatements = async (first: number) => {
  statements.length = 0;
  const answer = await gql(claims, PAGE, { variables: { first } });
  expect(answer.body.errors).toBeUndefined();

  return { answer, sent: [...statements] };
};

describe('SQL statements per request', () => {
  it('reads a 50-claim page with its client, debtor, documents, notes and trail in 7 statements', async () => {
    const { answer, sent } = await countStatements(50);

    const edges = answer.body.data.claims.edges as { node: any }[];
    expect(edges).toHaveLength(50);
    expect(answer.body.data.claims.totalCount).toBe(60);
    expect(answer.body.data.claims.pageInfo.hasNextPage).toBe(true);
    const newestFifty = [...seeded].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 50);
    expect(edges.map((edge) => edge.node.claimNumber)).toEqual(newestFifty.map((claim) => claim.claimNumber));
    for (const [index, edge] of edges.entries()) {
      const claim = newestFifty[index] as SeededClaim;
      expect(edge.node.client.companyName).toBe(claim.company);
      expect(edge.node.debtor.name).toBe(claim.debtor);
      expect(edge.node.documents.map((document: { originalName: string }) => document.originalName)).toEqual(['invoice.pdf', 'letter.pdf']);
      expect(edge.node.notes).toEqual([
        { content: 'Claim received', visibility: 'SHARED' },
        { content: 'Called &lt;debtor&gt;', visibility: 'INTERNAL' },
      ]);
      expect(edge.node.auditTrail.map((entry: { action: string }) => entry.action)).toEqual(['create', 'update']);
    }

    // page, count, clients, debtors, documents, notes, trail: not 1 + 5 x 50.
    expect(sent).toHaveLength(7);
    expect(sent.filter((sql) => /from "?claims_client\b/.test(sql))).toHaveLength(1);
    expect(sent.filter((sql) => /from "?claims_document\b/.test(sql))).toHaveLength(1);
  });

  it('sends the same number of statements whatever the page size', async () => {
    expect((await countStatements(5)).sent).toHaveLength(7);
    expect((await countStatements(100)).sent).toHaveLength(7);
  });

  it('reads a backward page in one statement, and looks beyond its before cursor only when hasNextPage is asked', async () => {
    const newestFirst = [...seeded].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const all = await gql(claims, '{ claims(first: 60) { edges { cursor } } }');
    const before = all.body.data.claims.edges[40].cursor as string;
    const query = (pageInfo: string) =>
      `query Back($before: String) { claims(last: 10, before: $before) { nodes { claimNumber } pageInfo { ${pageInfo} } } }`;

    statements.length = 0;
    const plain = await gql(claims, query('hasPreviousPage startCursor endCursor'), { variables: { before } });
    expect(plain.body.errors).toBeUndefined();
    expect(plain.body.data.claims.nodes.map((node: { claimNumber: string }) => node.claimNumber)).toEqual(
      newestFirst.slice(30, 40).map((claim) => claim.claimNumber),
    );
    expect(plain.body.data.claims.pageInfo.hasPreviousPage).toBe(true);
    expect(statements).toHaveLength(1);

    statements.length = 0;
    const beyond = await gql(claims, query('hasPreviousPage hasNextPage'), { variables: { before } });
    expect(beyond.body.data.claims.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
    expect(statements).toHaveLength(2);
  });

  it('batches the claims of many clients into one statement', async () => {
    statements.length = 0;
    const answer = await gql(
      claims,
      '{ claims(first: 50) { nodes { client { recentClaims(first: 3) { claimNumber debtor { name } } } } } }',
    );

    expect(answer.body.errors).toBeUndefined();
    const lists = answer.body.data.claims.nodes.map((node: any) => node.client.recentClaims);
    expect(lists.every((list: unknown[]) => list.length === 3)).toBe(true);
    // page, clients, the clients' recent claims, their debtors.
    expect(statements).toHaveLength(4);
  });
});
