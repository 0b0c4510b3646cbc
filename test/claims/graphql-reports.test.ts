import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody } from '../support/claims-client.ts';
import { gql, insertClaims, seededRandom, type SeedClaim } from './graphql-support.ts';

/**
 * Every figure here is recomputed in plain JavaScript from the seed itself: the claims inserted
 * straight into the tables and the claims taken in and moved through the REST API on a moved clock.
 */

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY_MS = 86_400_000;
const STATUSES = ['NEW', 'UNDER_REVIEW', 'ACTIVE', 'NEGOTIATION', 'LEGAL', 'SETTLED', 'CLOSED', 'WRITE_OFF', 'REJECTED'];
const TIERS = ['TIER_1', 'TIER_2', 'TIER_2_5', 'TIER_3', 'TIER_4'];
const OPEN = new Set(['NEW', 'UNDER_REVIEW', 'ACTIVE', 'NEGOTIATION', 'LEGAL']);
const RECOVERED = new Set(['SETTLED', 'CLOSED']);
const COMPANIES = ['Northwind Traders', 'Acme Supplies', 'Globex Freight', 'Initech Parts'];
const DEBTORS = ['Slow Payer LLC', 'Late Again Inc', 'Hardly Ever Ltd', 'Promise Co'];

type Model = {
  id?: string;
  claimNumber: string;
  createdAt: Date;
  status: string;
  tier: string;
  amountCents: number;
  company: string;
  debtor: string;
};
/** Status moves made through the API: the claim's status from `at` on. */
type Move = { claimNumber: string; at: Date; to: string };

let claims: TestClaims;
const model: Model[] = [];
const moves: Move[] = [];

const at = (iso: string) => new Date(iso);

const intakeAt = async (when: Date, company: string, debtor: string, amount: number): Promise<string> => {
  claims.setNow(when);
  // One address per company, so a company's second claim joins its existing client.
  const email = `${company.toLowerCase().replace(/\W+/g, '-')}@example.test`;
  const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody({ company, debtor, amount, email }) });
  expect(answer.status).toBe(201);
  model.push({
    claimNumber: answer.body.claim_number,
    createdAt: when,
    status: 'NEW',
    tier: 'TIER_1',
    amountCents: amount,
    company,
    debtor,
  });

  return answer.body.claim_number;
};

const patchAt = async (when: Date, claimNumber: string, body: { status?: string; tier?: string }) => {
  claims.setNow(when);
  const answer = await call(claims, 'PATCH', `/api/staff/claims/${claimNumber}`, { staff: true, body: { ...body, reason: 'seed' } });
  expect(answer.status).toBe(200);
  const claim = model.find((entry) => entry.claimNumber === claimNumber) as Model;
  if (body.status) {
    moves.push({ claimNumber, at: when, to: body.status });
    claim.status = body.status;
  }
  if (body.tier) {
    claim.tier = body.tier;
  }
};

beforeAll(async () => {
  claims = await startTestClaims();
  const random = seededRandom(20260615);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const seeds: SeedClaim[] = Array.from({ length: 90 }, (_, index) => {
    // Whole days plus 6 to 17 hours: never within hours of a 30/60/90-day edge, whatever the zone.
    const ageDays = Math.floor(random() * 400) + 0.25 + (index % 10) * 0.05;

    return {
      claimNumber: `CLM-2025-${String(5000 + index)}`,
      createdAt: new Date(NOW.getTime() - ageDays * DAY_MS - index * 1000),
      status: pick(STATUSES),
      tier: pick(TIERS),
      // Up to the intake maximum, so the sums pass the 32-bit range of a GraphQL Int.
      amountCents: 1 + Math.floor(random() * 100_000_000),
      company: pick(COMPANIES),
      debtor: pick(DEBTORS),
    };
  });
  for (const seeded of await insertClaims(claims, seeds)) {
    model.push(seeded);
  }

  const first = await intakeAt(at('2026-03-05T10:00:00Z'), 'Umbrella Storage', 'Tardy Tools', 480_000);
  const second = await intakeAt(at('2026-03-25T09:30:00Z'), 'Umbrella Storage', 'Never Pays LLC', 75_050);
  const third = await intakeAt(at('2026-04-15T16:45:00Z'), 'Hooli Metals', 'Maybe Later Corp', 1_234_567);
  await intakeAt(at('2026-05-20T08:00:00Z'), 'Hooli Metals', 'Quiet Debtor', 990_000);
  await patchAt(at('2026-03-20T11:00:00Z'), first, { status: 'UNDER_REVIEW' });
  await patchAt(at('2026-04-01T00:00:00Z'), second, { status: 'REJECTED' });
  await patchAt(at('2026-04-10T13:00:00Z'), first, { status: 'ACTIVE' });
  await patchAt(at('2026-04-16T09:00:00Z'), third, { status: 'ACTIVE', tier: 'TIER_2_5' });
  await patchAt(at('2026-05-02T15:00:00Z'), first, { status: 'SETTLED' });
  await patchAt(at('2026-06-01T00:00:00Z'), third, { status: 'NEGOTIATION' });
  claims.setNow(NOW);
});

afterAll(async () => {
  await claims?.close();
});

const sum = (rows: Model[]) => rows.reduce((total, row) => total + row.amountCents, 0);
const ageMs = (row: Model) => NOW.getTime() - row.createdAt.getTime();
const countBy = (rows: Model[], key: 'status' | 'tier', values: string[]) =>
  values.map((value) => ({ [key]: value, count: rows.filter((row) => row[key] === value).length }));

describe('staffStats', () => {
  it('gives the numbers of GET /api/staff/stats, and both match the seed', async () => {
    const answer = await gql(
      claims,
      `{ staffStats { totalClaims totalAmountCents totalAmountDisplay recoveredAmountCents openAmountCents
          byStatus { status count } byTier { tier count } aging { over30Days over60Days } } }`,
    );
    expect(answer.body.errors).toBeUndefined();
    const stats = answer.body.data.staffStats;

    const open = model.filter((row) => OPEN.has(row.status));
    expect(stats).toEqual({
      totalClaims: model.length,
      totalAmountCents: sum(model),
      totalAmountDisplay: `$${(sum(model) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      recoveredAmountCents: sum(model.filter((row) => RECOVERED.has(row.status))),
      openAmountCents: sum(open),
      byStatus: countBy(model, 'status', STATUSES),
      byTier: countBy(model, 'tier', TIERS),
      aging: {
        over30Days: open.filter((row) => ageMs(row) > 30 * DAY_MS).length,
        over60Days: open.filter((row) => ageMs(row) > 60 * DAY_MS).length,
      },
    });
    expect(stats.totalAmountCents).toBeGreaterThan(2 ** 31);

    const rest = await call(claims, 'GET', '/api/staff/stats', { staff: true });
    expect(rest.status).toBe(200);
    expect({
      totalClaims: stats.totalClaims,
      totalAmountCents: stats.totalAmountCents,
      totalAmountDisplay: stats.totalAmountDisplay,
      recoveredAmountCents: stats.recoveredAmountCents,
      openAmountCents: stats.openAmountCents,
      byStatus: Object.fromEntries(stats.byStatus.map((row: { status: string; count: number }) => [row.status, row.count])),
      byTier: Object.fromEntries(stats.byTier.map((row: { tier: string; count: number }) => [row.tier, row.count])),
      aging: { over_30_days: stats.aging.over30Days, over_60_days: stats.aging.over60Days },
    }).toEqual({
      totalClaims: rest.body.total_claims,
      totalAmountCents: rest.body.total_amount_cents,
      totalAmountDisplay: rest.body.total_amount_display,
      recoveredAmountCents: rest.body.recovered_amount_cents,
      openAmountCents: rest.body.open_amount_cents,
      byStatus: rest.body.by_status,
      byTier: rest.body.by_tier,
      aging: rest.body.aging,
    });
  });
});

describe('agingBuckets', () => {
  it('splits open claims by time since intake, with counts and amounts, and agrees with the stats aging', async () => {
    const answer = await gql(
      claims,
      '{ agingBuckets { asOf claimCount amountCents buckets { bucket label claimCount amountCents amountDisplay } } staffStats { aging { over30Days over60Days } } }',
    );
    expect(answer.body.errors).toBeUndefined();
    const report = answer.body.data.agingBuckets;

    const open = model.filter((row) => OPEN.has(row.status));
    const within = (low: number, high: number | null) =>
      open.filter((row) => ageMs(row) > low * DAY_MS && (high === null || ageMs(row) <= high * DAY_MS));
    const youngest = open.filter((row) => ageMs(row) <= 30 * DAY_MS);
    const expected = [
      { bucket: 'DAYS_0_30', label: '0-30 days', rows: youngest },
      { bucket: 'DAYS_31_60', label: '31-60 days', rows: within(30, 60) },
      { bucket: 'DAYS_61_90', label: '61-90 days', rows: within(60, 90) },
      { bucket: 'OVER_90', label: 'over 90 days', rows: within(90, null) },
    ];
    expect(report.asOf).toBe('2026-06-15T12:00:00Z');
    expect(report.buckets.map((row: { bucket: string; label: string; claimCount: number; amountCents: number }) => ({ ...row }))).toEqual(
      expected.map((bucket) => ({
        bucket: bucket.bucket,
        label: bucket.label,
        claimCount: bucket.rows.length,
        amountCents: sum(bucket.rows),
        amountDisplay: `$${(sum(bucket.rows) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      })),
    );
    expect(expected.every((bucket) => bucket.rows.length > 0)).toBe(true);
    expect(report.claimCount).toBe(open.length);
    expect(report.amountCents).toBe(sum(open));

    const counts = report.buckets.map((row: { claimCount: number }) => row.claimCount);
    expect(counts[1] + counts[2] + counts[3]).toBe(answer.body.data.staffStats.aging.over30Days);
    expect(counts[2] + counts[3]).toBe(answer.body.data.staffStats.aging.over60Days);
  });
});

describe('recovery rate', () => {
  const figures = (rows: Model[]) => {
    const recovered = rows.filter((row) => RECOVERED.has(row.status));

    return {
      claimCount: rows.length,
      recoveredCount: recovered.length,
      countRate: rows.length === 0 ? null : recovered.length / rows.length,
      amountCents: sum(rows),
      recoveredAmountCents: sum(recovered),
      amountRate: rows.length === 0 ? null : sum(recovered) / sum(rows),
    };
  };
  const FIGURES = 'figures { claimCount recoveredCount countRate amountCents recoveredAmountCents amountRate }';

  it('by tier, over all claims and over an intake range', async () => {
    const answer = await gql(
      claims,
      `{ all: recoveryByTier { tier tierLabel ${FIGURES} }
         spring: recoveryByTier(createdFrom: "2026-03-01", createdTo: "2026-05-31") { tier ${FIGURES} } }`,
    );
    expect(answer.body.errors).toBeUndefined();

    const labels: Record<string, string> = {
      TIER_1: 'Soft Touch',
      TIER_2: 'Formal Demand',
      TIER_2_5: 'Lien Threat',
      TIER_3: 'Escalation',
      TIER_4: 'Legal Action',
    };
    expect(answer.body.data.all).toEqual(
      TIERS.map((tier) => ({ tier, tierLabel: labels[tier], figures: figures(model.filter((row) => row.tier === tier)) })),
    );
    const spring = model.filter((row) => row.createdAt >= at('2026-03-01T00:00:00Z') && row.createdAt < at('2026-06-01T00:00:00Z'));
    expect(answer.body.data.spring).toEqual(TIERS.map((tier) => ({ tier, figures: figures(spring.filter((row) => row.tier === tier)) })));
    expect(spring.length).toBeGreaterThan(4);
  });

  it('by month of intake, every month of the range, empty ones included', async () => {
    const answer = await gql(claims, `{ recoveryByIntakeMonth(fromMonth: "2025-01", toMonth: "2026-06") { month ${FIGURES} } }`);
    expect(answer.body.errors).toBeUndefined();

    const months: string[] = [];
    for (
      let month = new Date(Date.UTC(2025, 0, 1));
      month <= at('2026-06-01T00:00:00Z');
      month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
    ) {
      months.push(month.toISOString().slice(0, 7));
    }
    expect(answer.body.data.recoveryByIntakeMonth).toEqual(
      months.map((month) => ({ month, figures: figures(model.filter((row) => row.createdAt.toISOString().slice(0, 7) === month)) })),
    );
  });

  it('defaults to the twelve months up to the current one', async () => {
    const answer = await gql(claims, '{ recoveryByIntakeMonth { month figures { claimCount } } }');

    const months = answer.body.data.recoveryByIntakeMonth.map((row: { month: string }) => row.month);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-07');
    expect(months[11]).toBe('2026-06');
  });

  it('refuses a malformed month and a reversed range', async () => {
    const malformed = await gql(claims, '{ recoveryByIntakeMonth(fromMonth: "2026-13") { month } }');
    expect(malformed.body.errors[0].extensions.code).toBe('validation_error');

    const reversed = await gql(claims, '{ recoveryByIntakeMonth(fromMonth: "2026-05", toMonth: "2026-01") { month } }');
    expect(reversed.body.errors[0].extensions.code).toBe('validation_error');
  });
});

describe('claimsByStatusOverTime', () => {
  /** Replays the moves forwards: the status at `instant` is the last move before it, else NEW (or the seed's status). */
  const statusAt = (row: Model, instant: Date): string => {
    const mine = moves.filter((move) => move.claimNumber === row.claimNumber);
    if (mine.length === 0 && row.createdAt < at('2026-01-01T00:00:00Z')) {
      return row.status;
    }
    const before = mine.filter((move) => move.at < instant).sort((a, b) => a.at.getTime() - b.at.getTime());

    return before.at(-1)?.to ?? (mine.length > 0 || row.claimNumber.startsWith('CLM-2026') ? 'NEW' : row.status);
  };

  const expectedSnapshot = (instant: Date) => {
    const existing = model.filter((row) => row.createdAt < instant);
    const counts = STATUSES.map((status) => ({ status, count: existing.filter((row) => statusAt(row, instant) === status).length }));

    return { total: existing.length, counts };
  };

  it('counts every claim at the close of each month by the status it had then', async () => {
    const answer = await gql(
      claims,
      '{ claimsByStatusOverTime(from: "2026-03-10", to: "2026-06-30", interval: MONTH) { periodStart periodEnd asOf total counts { status count } } }',
    );
    expect(answer.body.errors).toBeUndefined();

    const closes = [at('2026-04-01T00:00:00Z'), at('2026-05-01T00:00:00Z'), at('2026-06-01T00:00:00Z'), NOW];
    expect(answer.body.data.claimsByStatusOverTime).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-04-01', asOf: '2026-04-01T00:00:00Z', ...expectedSnapshot(closes[0] as Date) },
      { periodStart: '2026-04-01', periodEnd: '2026-05-01', asOf: '2026-05-01T00:00:00Z', ...expectedSnapshot(closes[1] as Date) },
      { periodStart: '2026-05-01', periodEnd: '2026-06-01', asOf: '2026-06-01T00:00:00Z', ...expectedSnapshot(closes[2] as Date) },
      { periodStart: '2026-06-01', periodEnd: '2026-07-01', asOf: '2026-06-15T12:00:00Z', ...expectedSnapshot(NOW) },
    ]);
    // The API-moved claims really travel: the first is UNDER_REVIEW at the end of March and SETTLED now.
    const first = model.find((row) => row.claimNumber.startsWith('CLM-2026')) as Model;
    expect(statusAt(first, closes[0] as Date)).toBe('UNDER_REVIEW');
    expect(statusAt(first, NOW)).toBe('SETTLED');
  });

  it('takes weeks from Monday and days one by one', async () => {
    const weeks = await gql(
      claims,
      '{ claimsByStatusOverTime(from: "2026-04-08", to: "2026-04-20", interval: WEEK) { periodStart periodEnd total counts { status count } } }',
    );
    expect(weeks.body.errors).toBeUndefined();
    expect(weeks.body.data.claimsByStatusOverTime).toEqual(
      ['2026-04-06', '2026-04-13', '2026-04-20'].map((monday) => {
        const end = new Date(at(`${monday}T00:00:00Z`).getTime() + 7 * DAY_MS);

        return { periodStart: monday, periodEnd: end.toISOString().slice(0, 10), ...expectedSnapshot(end) };
      }),
    );

    const days = await gql(
      claims,
      '{ claimsByStatusOverTime(from: "2026-04-15", to: "2026-04-17", interval: DAY) { periodEnd counts { status count } } }',
    );
    const activeAt = (index: number) =>
      days.body.data.claimsByStatusOverTime[index].counts.find((row: { status: string }) => row.status === 'ACTIVE').count;
    // The third API claim turned ACTIVE on 16 April: one more ACTIVE at the close of the 16th than of the 15th.
    expect(activeAt(1) - activeAt(0)).toBe(1);
    expect(activeAt(1)).toBe(expectedSnapshot(at('2026-04-17T00:00:00Z')).counts.find((row) => row.status === 'ACTIVE')?.count);
  });

  it('refuses more than 120 points', async () => {
    const answer = await gql(claims, '{ claimsByStatusOverTime(from: "2025-01-01", to: "2025-12-31", interval: DAY) { total } }');

    expect(answer.body.errors[0].extensions.code).toBe('validation_error');
    expect(answer.body.errors[0].message).toContain('120');
  });
});

describe('claims connection', () => {
  const newestFirst = (rows: Model[]) =>
    [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || ((b.id ?? '') < (a.id ?? '') ? -1 : 1));

  const readAll = async (filter: Record<string, unknown>, first: number) => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    let total = -1;
    for (;;) {
      const answer: { body: any } = await gql(
        claims,
        'query Page($first: Int, $after: String, $filter: ClaimFilter) { claims(first: $first, after: $after, filter: $filter) { totalCount edges { cursor node { claimNumber } } pageInfo { hasNextPage endCursor } } }',
        { variables: { first, after, filter } },
      );
      expect(answer.body.errors).toBeUndefined();
      const page = answer.body.data.claims;
      total = page.totalCount;
      pages += 1;
      seen.push(...page.edges.map((edge: { node: { claimNumber: string } }) => edge.node.claimNumber));
      if (page.edges.length > 0) {
        expect(page.pageInfo.endCursor).toBe(page.edges.at(-1).cursor);
      }
      if (!page.pageInfo.hasNextPage) {
        return { seen, pages, total };
      }
      after = page.pageInfo.endCursor;
    }
  };

  it('walks every claim newest first in pages, with the total', async () => {
    const all = await readAll({}, 25);
    const expected = newestFirst(model.filter((row) => row.id)).map((row) => row.claimNumber);

    // API-taken claims have no id in the model, so they are compared by position in time instead.
    expect(all.total).toBe(model.length);
    expect(all.seen).toHaveLength(model.length);
    expect(new Set(all.seen).size).toBe(model.length);
    expect(all.seen.filter((number) => number.startsWith('CLM-2025'))).toEqual(expected);
    expect(all.pages).toBe(Math.ceil(model.length / 25));
  });

  it('filters by status, tier, intake range and text together', async () => {
    const filter = {
      status: ['ACTIVE', 'NEGOTIATION', 'LEGAL'],
      tier: ['TIER_1', 'TIER_2', 'TIER_3'],
      createdFrom: '2025-09-01',
      createdTo: '2026-06-15',
    };
    const matches = (row: Model) =>
      filter.status.includes(row.status) &&
      filter.tier.includes(row.tier) &&
      row.createdAt >= at('2025-09-01T00:00:00Z') &&
      row.createdAt < at('2026-06-16T00:00:00Z');
    const direct = newestFirst(model.filter((row) => row.id && matches(row))).map((row) => row.claimNumber);
    const result = await readAll(filter, 4);

    expect(result.seen.filter((number) => number.startsWith('CLM-2025'))).toEqual(direct);
    expect(result.total).toBe(model.filter(matches).length);
    expect(result.total).toBeGreaterThan(4);

    const text = await readAll({ search: 'GLOBEX' }, 100);
    expect(text.seen).toEqual(newestFirst(model.filter((row) => row.id && row.company === 'Globex Freight')).map((row) => row.claimNumber));
    const byDebtor = await readAll({ search: 'maybe later' }, 100);
    expect(byDebtor.seen).toEqual([model.find((row) => row.debtor === 'Maybe Later Corp')?.claimNumber]);
  });

  it('refuses a cursor it did not issue', async () => {
    const answer = await gql(claims, '{ claims(after: "bm90LWEtY3Vyc29y") { totalCount } }');

    expect(answer.body.errors[0].extensions.code).toBe('validation_error');
  });

  it('answers one claim with its derived fields, parties, documents, notes and trail', async () => {
    const third = model.find((row) => row.debtor === 'Maybe Later Corp') as Model;
    const answer = await gql(
      claims,
      `query One($number: String!) { claim(claimNumber: $number) {
        claimNumber status statusLabel tier tierLabel tierStep tierBadge amountCents amountDisplay createdAt
        client { companyName recentClaims(first: 5) { claimNumber } } debtor { name businessType }
        documents { id } notes { authorType content visibility } shared: notes(visibility: INTERNAL) { id }
        auditTrail { entityType action field oldValue newValue } } }`,
      { variables: { number: third.claimNumber } },
    );
    expect(answer.body.errors).toBeUndefined();
    const hooli = newestFirst(model.filter((row) => row.company === 'Hooli Metals')).map((row) => row.claimNumber);

    expect(answer.body.data.claim).toMatchObject({
      claimNumber: third.claimNumber,
      status: 'NEGOTIATION',
      statusLabel: 'In Negotiation',
      tier: 'TIER_2_5',
      tierLabel: 'Lien Threat',
      tierStep: 2,
      tierBadge: 'Lien Threat',
      amountCents: 1_234_567,
      amountDisplay: '$12,345.67',
      createdAt: '2026-04-15T16:45:00Z',
      client: { companyName: 'Hooli Metals', recentClaims: hooli.map((claimNumber) => ({ claimNumber })) },
      debtor: { name: 'Maybe Later Corp', businessType: 'LLC' },
      documents: [],
      shared: [],
    });
    const trail = answer.body.data.claim.auditTrail.filter(
      (entry: { action: string }) => entry.action !== 'create' && entry.action !== 'note_add',
    );
    expect(trail).toEqual([
      { entityType: 'claim', action: 'status_change', field: 'status', oldValue: 'NEW', newValue: 'ACTIVE' },
      { entityType: 'claim', action: 'update', field: 'tier', oldValue: 'TIER_1', newValue: 'TIER_2_5' },
      { entityType: 'claim', action: 'status_change', field: 'status', oldValue: 'ACTIVE', newValue: 'NEGOTIATION' },
    ]);
    expect(answer.body.data.claim.notes.every((note: { visibility: string }) => note.visibility === 'SHARED')).toBe(true);
    expect(answer.body.data.claim.notes.length).toBeGreaterThan(0);

    const missing = await gql(claims, '{ claim(claimNumber: "CLM-1999-0001") { id } }');
    expect(missing.body).toEqual({ data: { claim: null } });
  });
});

describe('GET /api/staff/stats/trends', () => {
  const figuresOf = (rows: Model[]) => ({
    claim_count: rows.length,
    recovered_count: rows.filter((row) => RECOVERED.has(row.status)).length,
    amount_cents: sum(rows),
    recovered_amount_cents: sum(rows.filter((row) => RECOVERED.has(row.status))),
  });

  it('gives the last twelve months, the aging buckets and the tiers the seed makes, as GraphQL does', async () => {
    const answer = await call(claims, 'GET', '/api/staff/stats/trends', { staff: true });
    expect(answer.status).toBe(200);
    const trends = answer.body;
    expect(trends.as_of).toBe('2026-06-15T12:00:00Z');
    expect(trends.months.map((row: { month: string }) => row.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    for (const row of trends.months) {
      const inMonth = model.filter((claim) => claim.createdAt.toISOString().startsWith(row.month));
      expect(row).toEqual({
        month: row.month,
        first_day: `${row.month}-01`,
        last_day: expect.stringMatching(/^\d{4}-\d{2}-(28|29|30|31)$/),
        ...figuresOf(inMonth),
      });
    }
    expect(trends.months[7]).toMatchObject({ first_day: '2026-02-01', last_day: '2026-02-28' });
    expect(trends.months.reduce((total: number, row: { claim_count: number }) => total + row.claim_count, 0)).toBeGreaterThan(0);

    expect(trends.tiers).toEqual(
      TIERS.map((tier) => {
        const figures = figuresOf(model.filter((row) => row.tier === tier));

        return {
          tier,
          tier_label: expect.any(String),
          ...figures,
          amount_rate: figures.amount_cents === 0 ? null : figures.recovered_amount_cents / figures.amount_cents,
        };
      }),
    );

    const graph = await gql(claims, '{ agingBuckets { buckets { bucket label claimCount amountCents } } }');
    expect(trends.aging).toEqual(
      graph.body.data.agingBuckets.buckets.map((bucket: { bucket: string; label: string; claimCount: number; amountCents: number }) => ({
        key: bucket.bucket,
        label: bucket.label,
        claim_count: bucket.claimCount,
        amount_cents: bucket.amountCents,
      })),
    );
    expect(trends.aging.reduce((total: number, row: { claim_count: number }) => total + row.claim_count, 0)).toBe(
      model.filter((row) => OPEN.has(row.status)).length,
    );
    expect((await call(claims, 'GET', '/api/staff/stats/trends')).status).toBe(403);
  });
});
