import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { gql, insertClaims, type SeededClaim } from './graphql-support.ts';

/**
 * Forward and backward pages of `claims` over one seeded list. Claims come in threes with the same
 * intake instant, so the id half of the cursor decides their order and every page edge inside a
 * group has to hold.
 */

const NOW = new Date('2026-06-15T12:00:00Z');
const HOUR_MS = 3_600_000;
const COUNT = 48;

let claims: TestClaims;
/** Claim numbers newest first, as the list orders them: created_at, then id, both descending. */
let expected: string[];
let seeded: SeededClaim[];

beforeAll(async () => {
  claims = await startTestClaims();
  seeded = await insertClaims(
    claims,
    Array.from({ length: COUNT }, (_, index) => ({
      claimNumber: `CLM-2026-${String(3000 + index)}`,
      createdAt: new Date(NOW.getTime() - Math.floor(index / 3) * HOUR_MS),
      // The four newest and four oldest never match the ACTIVE filter, so the checks beyond a
      // cursor can tell whether they applied it.
      status: index >= 4 && index < COUNT - 4 && index % 2 === 0 ? 'ACTIVE' : 'NEW',
      tier: index % 3 === 0 ? 'TIER_2' : 'TIER_1',
      amountCents: 10_000 + index,
      company: `Company ${index % 5}`,
      debtor: `Debtor ${index}`,
    })),
  );
  expected = [...seeded]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
    .map((claim) => claim.claimNumber);
});

afterAll(async () => {
  await claims?.close();
});

type PageInfo = { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };
type Page = { numbers: string[]; cursors: string[]; pageInfo: PageInfo };
type PageVariables = { first?: number; last?: number; after?: string | null; before?: string | null; filter?: Record<string, unknown> };

const PAGE = `query Page($first: Int, $last: Int, $after: String, $before: String, $filter: ClaimFilter) {
  claims(first: $first, last: $last, after: $after, before: $before, filter: $filter) {
    edges { cursor node { claimNumber } }
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
  }
}`;

const readPage = async (variables: PageVariables): Promise<Page> => {
  const answer = await gql(claims, PAGE, { variables });
  expect(answer.status).toBe(200);
  expect(answer.body.errors).toBeUndefined();
  const connection = answer.body.data.claims;
  const page: Page = {
    numbers: connection.edges.map((edge: { node: { claimNumber: string } }) => edge.node.claimNumber),
    cursors: connection.edges.map((edge: { cursor: string }) => edge.cursor),
    pageInfo: connection.pageInfo,
  };
  expect(page.pageInfo.startCursor).toBe(page.cursors[0] ?? null);
  expect(page.pageInfo.endCursor).toBe(page.cursors.at(-1) ?? null);

  return page;
};

/** Pages in the order read, following endCursor while hasNextPage. */
const walkForward = async (first: number, filter?: Record<string, unknown>): Promise<Page[]> => {
  const pages: Page[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await readPage({ first, after, filter });
    pages.push(page);
    if (!page.pageInfo.hasNextPage) {
      return pages;
    }
    after = page.pageInfo.endCursor;
  }
};

/** Pages in the order read, from the oldest end, following startCursor while hasPreviousPage. */
const walkBackward = async (last: number, filter?: Record<string, unknown>, from?: string): Promise<Page[]> => {
  const pages: Page[] = [];
  let before: string | null = from ?? null;
  for (;;) {
    const page = await readPage({ last, before, filter });
    pages.push(page);
    if (!page.pageInfo.hasPreviousPage) {
      return pages;
    }
    before = page.pageInfo.startCursor;
  }
};

const cursorsOfAll = async (filter?: Record<string, unknown>): Promise<string[]> => (await readPage({ first: 100, filter })).cursors;

describe('backward pages', () => {
  it('walk from the end to the start and give the forward walk reversed page by page', async () => {
    const forward = await walkForward(8);
    const backward = await walkBackward(8);

    expect(forward.map((page) => page.numbers.length)).toEqual([8, 8, 8, 8, 8, 8]);
    expect(forward.flatMap((page) => page.numbers)).toEqual(expected);
    expect([...backward].reverse().map((page) => page.numbers)).toEqual(forward.map((page) => page.numbers));
    // A row's cursor is the same whichever way it was reached.
    expect([...backward].reverse().map((page) => page.cursors)).toEqual(forward.map((page) => page.cursors));
  });

  it('join without gaps or repeats when the page size does not divide the list', async () => {
    const backward = await walkBackward(10);
    const joined = [...backward].reverse().flatMap((page) => page.numbers);

    expect(backward.map((page) => page.numbers.length)).toEqual([10, 10, 10, 10, 8]);
    expect(joined).toEqual(expected);
    expect(new Set(joined).size).toBe(COUNT);

    // From the forward walk's last page, going back retraces the forward pages exactly.
    const forward = await walkForward(10);
    const last = forward.at(-1) as Page;
    const retraced = await walkBackward(10, undefined, last.pageInfo.startCursor as string);
    expect([...retraced].reverse().map((page) => page.numbers)).toEqual(forward.slice(0, -1).map((page) => page.numbers));
  });

  it('answer hasPreviousPage, hasNextPage and both cursors at either end and in the middle', async () => {
    const cursors = await cursorsOfAll();
    const flags = (page: Page) => [page.pageInfo.hasPreviousPage, page.pageInfo.hasNextPage];

    const newestForward = await readPage({ first: 10 });
    expect(newestForward.numbers).toEqual(expected.slice(0, 10));
    expect(flags(newestForward)).toEqual([false, true]);

    const middleForward = await readPage({ first: 10, after: cursors[9] });
    expect(middleForward.numbers).toEqual(expected.slice(10, 20));
    expect(flags(middleForward)).toEqual([true, true]);

    const oldestForward = await readPage({ first: 10, after: cursors[39] });
    expect(oldestForward.numbers).toEqual(expected.slice(40));
    expect(flags(oldestForward)).toEqual([true, false]);

    const oldestBackward = await readPage({ last: 10 });
    expect(oldestBackward.numbers).toEqual(expected.slice(38));
    expect(flags(oldestBackward)).toEqual([true, false]);
    expect(oldestBackward.pageInfo.endCursor).toBe(cursors[47]);

    const middleBackward = await readPage({ last: 10, before: cursors[38] });
    expect(middleBackward.numbers).toEqual(expected.slice(28, 38));
    expect(flags(middleBackward)).toEqual([true, true]);

    const newestBackward = await readPage({ last: 10, before: cursors[10] });
    expect(newestBackward.numbers).toEqual(expected.slice(0, 10));
    expect(flags(newestBackward)).toEqual([false, true]);
    expect(newestBackward.pageInfo.startCursor).toBe(cursors[0]);

    // The whole list on one page, either way: nothing beyond either end.
    for (const size of [{ first: 100 }, { last: 100 }, { first: COUNT }, { last: COUNT }]) {
      const whole = await readPage(size);
      expect(whole.numbers).toEqual(expected);
      expect(flags(whole)).toEqual([false, false]);
      expect(whole.pageInfo.startCursor).toBe(cursors[0]);
      expect(whole.pageInfo.endCursor).toBe(cursors[47]);
    }

    // Past either end the page is empty, its cursors null, and the claims it stepped past count.
    const pastOldest = await readPage({ first: 10, after: cursors[47] });
    expect(pastOldest).toEqual({
      numbers: [],
      cursors: [],
      pageInfo: { hasPreviousPage: true, hasNextPage: false, startCursor: null, endCursor: null },
    });
    const pastNewest = await readPage({ last: 10, before: cursors[0] });
    expect(pastNewest).toEqual({
      numbers: [],
      cursors: [],
      pageInfo: { hasPreviousPage: false, hasNextPage: true, startCursor: null, endCursor: null },
    });
    const nothing = await readPage({ last: 5, filter: { search: 'matches no claim at all' } });
    expect(nothing).toEqual({
      numbers: [],
      cursors: [],
      pageInfo: { hasPreviousPage: false, hasNextPage: false, startCursor: null, endCursor: null },
    });
  });

  it('keep a filter in both directions, and beyond the cursors too', async () => {
    const filter = { status: ['ACTIVE'], tier: ['TIER_1', 'TIER_2'] };
    const matching = expected.filter((number) => seeded.find((claim) => claim.claimNumber === number)?.status === 'ACTIVE');
    expect(matching.length).toBe(20);

    const forward = await walkForward(6, filter);
    const backward = await walkBackward(6, filter);
    expect(forward.flatMap((page) => page.numbers)).toEqual(matching);
    expect([...backward].reverse().flatMap((page) => page.numbers)).toEqual(matching);
    expect(backward.map((page) => page.numbers.length)).toEqual([6, 6, 6, 2]);
    expect(backward[0]?.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(backward.at(-1)?.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });

    // The list's newest and oldest claims are outside the filter: with it, nothing lies at or
    // beyond their cursors; without it, the cursor's own claim does.
    const all = await cursorsOfAll();
    const beforeOldest = await readPage({ last: 5, before: all[47], filter });
    expect(beforeOldest.numbers).toEqual(matching.slice(-5));
    expect(beforeOldest.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect((await readPage({ last: 5, before: all[47] })).pageInfo.hasNextPage).toBe(true);

    const afterNewest = await readPage({ first: 5, after: all[0], filter });
    expect(afterNewest.numbers).toEqual(matching.slice(0, 5));
    expect(afterNewest.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
    expect((await readPage({ first: 5, after: all[0] })).pageInfo.hasPreviousPage).toBe(true);
  });

  it('read the window between after and before from either end', async () => {
    const cursors = await cursorsOfAll();
    // Strictly between the 6th and the 21st claim: the 7th to the 20th.
    const window = { after: cursors[5], before: cursors[20] };
    const inside = expected.slice(6, 20);

    const whole = await readPage({ first: 100, ...window });
    expect(whole.numbers).toEqual(inside);
    expect(whole.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });

    const wholeBackward = await readPage({ last: 100, ...window });
    expect(wholeBackward.numbers).toEqual(inside);
    expect(wholeBackward.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });

    const head = await readPage({ first: 5, ...window });
    expect(head.numbers).toEqual(inside.slice(0, 5));
    expect(head.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });

    const tail = await readPage({ last: 5, ...window });
    expect(tail.numbers).toEqual(inside.slice(-5));
    expect(tail.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });

    // Cursors the wrong way round leave nothing between them.
    const crossed = await readPage({ first: 10, after: cursors[20], before: cursors[5] });
    expect(crossed.numbers).toEqual([]);
  });
});
