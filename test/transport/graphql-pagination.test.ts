import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, gql, startGraphqlWorld, type GraphqlWorld } from './graphql-support.ts';

/**
 * Forward pages of `households` and `auditLog` over seeded lists. Rows come in threes with the same
 * created_at (with microseconds), so the id half of the cursor decides their order and every page
 * edge inside a group has to hold. A second tenant's rows sit between them in time.
 */

const BASE = Date.parse('2026-05-01T08:00:00Z');
const HOUR_MS = 3_600_000;
const HOUSEHOLDS = 45;
const AUDIT_ROWS = 25;
const STATUSES = ['pending', 'approved', 'rejected'] as const;

let world: GraphqlWorld;
/** Demo household names newest first, as the list orders them: created_at, then id, both descending. */
let expected: { id: string; name: string; status: string | null }[];
let expectedAudit: string[];
const statements: string[] = [];

const at = (index: number) => new Date(BASE + Math.floor(index / 3) * HOUR_MS).toISOString().replace('Z', '123Z');
const byNewest = <Row extends { createdAt: string; id: string }>(a: Row, b: Row) =>
  b.createdAt.localeCompare(a.createdAt) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

beforeAll(async () => {
  world = await startGraphqlWorld();
  const em = world.transport.db.fork();
  const rows: { id: string; tenant: string; name: string; createdAt: string; status: string | null }[] = [];
  for (let index = 0; index < HOUSEHOLDS; index += 1) {
    // Every ninth household has no registration row, as a seeded one would not.
    rows.push({
      id: `hh-${String(index).padStart(3, '0')}`,
      tenant: 'demo',
      name: `Demo Family ${index}`,
      createdAt: at(index),
      status: index % 9 === 4 ? null : (STATUSES[index % 3] ?? null),
    });
  }
  for (let index = 0; index < 10; index += 1) {
    rows.push({ id: `acme-${index}`, tenant: 'acme', name: `Acme Family ${index}`, createdAt: at(index * 4 + 1), status: 'approved' });
  }
  for (const row of rows) {
    await em.execute('insert into transport_household (id, tenant_id, name, created_at) values (?, ?, ?, ?::timestamptz)', [
      row.id,
      row.tenant,
      row.name,
      row.createdAt,
    ]);
    await em.execute(
      `insert into transport_payer (id, tenant_id, household_id, name, email, is_primary, created_at) values (?, ?, ?, ?, ?, true, ?::timestamptz)`,
      [`${row.id}-payer`, row.tenant, row.id, `${row.name} Parent`, `${row.id}@family.test`, row.createdAt],
    );
    await em.execute(
      `insert into transport_child (id, tenant_id, household_id, name, transport_need, trip_type, rate_weekly_cents, created_at)
       values (?, ?, ?, ?, 'both', 'two_way', 17500, ?::timestamptz)`,
      [`${row.id}-child`, row.tenant, row.id, `${row.name} Kid`, row.createdAt],
    );
    await em.execute(
      `insert into transport_invoice (id, tenant_id, household_id, payer_id, kind, status, amount_cents, created_at) values (?, ?, ?, ?, 'registration', 'sent', 5000, ?::timestamptz)`,
      [`${row.id}-invoice`, row.tenant, row.id, `${row.id}-payer`, row.createdAt],
    );
    if (row.status) {
      await em.execute(
        `insert into transport_registration (id, tenant_id, household_id, status, parent_name, parent_email, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz)`,
        [row.id, row.tenant, row.id, row.status, `${row.name} Parent`, `${row.id}@family.test`, row.createdAt, row.createdAt],
      );
    }
  }
  expected = rows
    .filter((row) => row.tenant === 'demo')
    .sort(byNewest)
    .map((row) => ({ id: row.id, name: row.name, status: row.status }));

  const audit: { id: string; tenant: string | null; createdAt: string }[] = [];
  for (let index = 0; index < AUDIT_ROWS; index += 1) {
    audit.push({ id: randomUUID(), tenant: 'demo', createdAt: at(index) });
  }
  audit.push({ id: randomUUID(), tenant: 'acme', createdAt: at(2) }, { id: randomUUID(), tenant: null, createdAt: at(3) });
  for (const row of audit) {
    await em.execute(
      `insert into transport_audit_log (id, tenant_id, actor, action, details, created_at) values (?, ?, 'seed', ?, '{}'::jsonb, ?::timestamptz)`,
      [row.id, row.tenant, row.tenant === 'demo' ? 'demo_action' : 'other_action', row.createdAt],
    );
  }
  expectedAudit = audit
    .filter((row) => row.tenant === 'demo')
    .sort(byNewest)
    .map((row) => row.id);

  // Every statement, hand-written or built by the ORM, reaches the database through this executor.
  const executor = world.transport.db.em.getConnection().getClient().getExecutor();
  const executeQuery = executor.executeQuery.bind(executor);
  executor.executeQuery = ((...args: Parameters<typeof executeQuery>) => {
    // The mail outbox worker polls on its own timer; its statements are not the request's.
    if (!/\bmail_outbox\b/.test(args[0].sql)) {
      statements.push(args[0].sql);
    }

    return executeQuery(...args);
  }) as typeof executor.executeQuery;
});

afterAll(async () => {
  await world?.close();
});

type PageInfo = { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };

const HOUSEHOLD_PAGE = `query Page($first: Int, $after: String, $status: [RegistrationStatus!]) {
  households(first: $first, after: $after, registrationStatus: $status) {
    totalCount
    edges { cursor node { id name } }
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
  }
}`;

const readHouseholds = async (variables: Record<string, unknown>) => {
  const answer = await gql(world, HOUSEHOLD_PAGE, { token: world.tokens.demo, variables });
  expect(answer.body.errors).toBeUndefined();
  const connection = answer.body.data.households;

  return {
    ids: connection.edges.map((edge: { node: { id: string } }) => edge.node.id) as string[],
    cursors: connection.edges.map((edge: { cursor: string }) => edge.cursor) as string[],
    pageInfo: connection.pageInfo as PageInfo,
    totalCount: connection.totalCount as number,
  };
};

const walk = async (first: number, status?: string[]) => {
  const pages: Awaited<ReturnType<typeof readHouseholds>>[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const page = await readHouseholds({ first, after, status });
    pages.push(page);
    if (!page.pageInfo.hasNextPage) {
      return pages;
    }
    after = page.pageInfo.endCursor;
  }
  throw new Error('the walk did not end');
};

describe('households pages', () => {
  it('walk the whole list newest first without gaps or repeats, never showing another tenant', async () => {
    for (const first of [7, 20, 100]) {
      const pages = await walk(first);

      expect(pages.flatMap((page) => page.ids)).toEqual(expected.map((row) => row.id));
      expect(pages).toHaveLength(Math.ceil(HOUSEHOLDS / first));
      pages.forEach((page, index) => {
        expect(page.totalCount).toBe(HOUSEHOLDS);
        expect(page.pageInfo.hasPreviousPage).toBe(index > 0);
        expect(page.pageInfo.hasNextPage).toBe(index < pages.length - 1);
        expect(page.pageInfo.startCursor).toBe(page.cursors[0]);
        expect(page.pageInfo.endCursor).toBe(page.cursors.at(-1));
      });
    }
  });

  it('read 20 when no size is given, and an empty page after the last row', async () => {
    const first = await readHouseholds({});
    expect(first.ids).toEqual(expected.slice(0, 20).map((row) => row.id));

    const pages = await walk(50);
    const beyond = await readHouseholds({ after: pages[0]?.pageInfo.endCursor });
    expect(beyond.ids).toEqual([]);
    expect(beyond.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: false, startCursor: null, endCursor: null });
  });

  it('keep a registration-status filter across pages, and beyond the cursor', async () => {
    const approved = expected.filter((row) => row.status === 'approved').map((row) => row.id);
    const pages = await walk(4, ['approved']);

    expect(pages.flatMap((page) => page.ids)).toEqual(approved);
    expect(pages.every((page) => page.totalCount === approved.length)).toBe(true);

    // After a cursor of a pending household, newer approved ones still count as lying before the page.
    const all = await readHouseholds({ first: HOUSEHOLDS });
    const pendingIndex = expected.findIndex((row, index) => index > 3 && row.status === 'pending');
    const cursor = all.cursors[pendingIndex];
    const page = await readHouseholds({ first: 3, after: cursor, status: ['approved'] });
    expect(page.ids).toEqual(
      expected
        .slice(pendingIndex + 1)
        .filter((row) => row.status === 'approved')
        .slice(0, 3)
        .map((row) => row.id),
    );
    expect(page.pageInfo.hasPreviousPage).toBe(true);

    // Households without a registration match no status.
    const unregistered = expected.filter((row) => row.status === null).map((row) => row.id);
    expect(unregistered.length).toBeGreaterThan(0);
    const everyStatus = (await walk(100, ['pending', 'approved', 'rejected'])).flatMap((each) => each.ids);
    expect(everyStatus).toEqual(expected.filter((row) => row.status !== null).map((row) => row.id));
  });

  it('refuse page sizes outside 1..100 and cursors the service did not issue, with no data', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ first: 0 }, 'first must be between 1 and 100.'],
      [{ first: 101 }, 'first must be between 1 and 100.'],
      [{ after: 'bm90LWEtY3Vyc29y' }, 'after is not a cursor this service issued.'],
      [
        { after: Buffer.from(JSON.stringify(['2026-05-01T08:00:00Z', 'hh-001'])).toString('base64url') },
        'after is not a cursor this service issued.',
      ],
    ];
    for (const [variables, message] of refusals) {
      const answer = await gql(world, HOUSEHOLD_PAGE, { token: world.tokens.demo, variables });

      expect(answer.body.data).toBeNull();
      expect(codesOf(answer)).toEqual(['validation_error']);
      expect(answer.body.errors[0].message).toBe(message);
    }
  });
});

describe('audit log pages', () => {
  it("walk the tenant's rows newest first, leaving out other tenants' and platform rows", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 10; guard += 1) {
      const answer = await gql(
        world,
        'query Page($after: String) { auditLog(first: 10, after: $after) { totalCount nodes { id action } pageInfo { hasNextPage endCursor } } }',
        { token: world.tokens.demo, variables: { after } },
      );
      expect(answer.body.errors).toBeUndefined();
      const log = answer.body.data.auditLog;
      expect(log.totalCount).toBe(AUDIT_ROWS);
      expect(log.nodes.every((node: { action: string }) => node.action === 'demo_action')).toBe(true);
      seen.push(...log.nodes.map((node: { id: string }) => node.id));
      if (!log.pageInfo.hasNextPage) {
        break;
      }
      after = log.pageInfo.endCursor;
    }

    expect(seen).toEqual(expectedAudit);
  });

  it('refuse a household cursor, whose id is not an audit id', async () => {
    const households = await readHouseholds({ first: 1 });
    const answer = await gql(world, 'query Page($after: String) { auditLog(after: $after) { totalCount } }', {
      token: world.tokens.demo,
      variables: { after: households.pageInfo.endCursor },
    });

    expect(codesOf(answer)).toEqual(['validation_error']);
  });
});

describe('statements', () => {
  const counted = async (query: string, variables: Record<string, unknown> = {}) => {
    statements.length = 0;
    const answer = await gql(world, query, { token: world.tokens.demo, variables });
    expect(answer.body.errors).toBeUndefined();

    return statements.length;
  };

  it('read a page of households with children, payers, splits and invoices in the same number of statements whatever its size', async () => {
    const query = `query Page($first: Int) { households(first: $first) {
      totalCount
      nodes { name weeklyTotalCents outstandingCents children { name } payers { name } payerSplits { amountCents payer { name } } invoices { status payer { name } } }
    } }`;

    // The tenant, the page, the count, then children, payers, allocations and invoices for the whole page.
    expect(await counted(query, { first: 5 })).toBe(7);
    expect(await counted(query, { first: 45 })).toBe(7);
  });

  it('read routes with their stops and buses, and buses with their routes, in one statement per kind', async () => {
    const em = world.transport.db.fork();
    for (let index = 0; index < 12; index += 1) {
      await em.execute("insert into transport_route (tenant_id, id, name, bus_id, stops) values ('demo', ?, ?, ?, 1)", [
        `r-${index}`,
        `Route ${index}`,
        `bus-${index % 4}`,
      ]);
      await em.execute("insert into transport_route_stop (tenant_id, route_id, position, name) values ('demo', ?, 1, 'Stop')", [
        `r-${index}`,
      ]);
    }
    for (let index = 0; index < 4; index += 1) {
      await em.execute("insert into transport_bus (tenant_id, id) values ('demo', ?)", [`bus-${index}`]);
    }

    // The tenant, the routes, their stops, their buses.
    expect(await counted('{ routes { name stops { name } bus { id } } }')).toBe(4);
    // The tenant, the buses, their routes, those routes' stops.
    expect(await counted('{ buses { id routes { name stops { name } } } }')).toBe(4);
  });
});
