import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody } from '../support/claims-client.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

type Item = { claim_number: string; status: string; amount_cents: number; created_at: string; updated_at: string };

const file = async (company: string, amount: number, email?: string) => {
  const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody({ company, amount, ...(email ? { email } : {}) }) });
  expect(answer.status).toBe(201);

  return answer.body.claim_number as string;
};

const STATUS_ORDER = ['NEW', 'UNDER_REVIEW', 'ACTIVE', 'NEGOTIATION', 'LEGAL', 'SETTLED', 'CLOSED', 'WRITE_OFF', 'REJECTED'];
const keyOf: Record<string, (item: Item) => number | string> = {
  claim_number: (item) => Number(item.claim_number.slice(-4)),
  amount_cents: (item) => item.amount_cents,
  created_at: (item) => item.created_at,
  updated_at: (item) => item.updated_at,
  status: (item) => STATUS_ORDER.indexOf(item.status),
};

describe('sorting the staff list', () => {
  const company = 'Ledgersort Holdings';
  beforeAll(async () => {
    // Equal amounts and statuses make ties, which must still page without overlap.
    const amounts = [5_000, 1_000, 5_000, 9_000, 1_000, 7_000, 5_000];
    const numbers: string[] = [];
    // Each change a second later on the service's clock, so the created and updated times order them.
    const base = Date.now();
    let step = 0;
    const tick = () => claims.setNow(new Date(base + ++step * 1_000));
    for (const amount of amounts) {
      tick();
      numbers.push(await file(company, amount));
    }
    const statuses = ['ACTIVE', 'UNDER_REVIEW', 'ACTIVE', 'SETTLED', 'REJECTED'];
    for (const [index, status] of statuses.entries()) {
      tick();
      expect((await call(claims, 'PATCH', `/api/staff/claims/${numbers[index]}`, { staff: true, body: { status } })).status).toBe(200);
    }
    claims.setNow(null);
  });

  it.each(
    ['claim_number', 'amount_cents', 'created_at', 'updated_at', 'status'].flatMap((sort) => [
      [sort, 'asc'],
      [sort, 'desc'],
    ]),
  )('sorts by %s %s, ties stable across pages', async (sort, order) => {
    const q = encodeURIComponent(company);
    const all = await call(claims, 'GET', `/api/staff/claims?q=${q}&sort=${sort}&order=${order}&limit=200`, { staff: true });
    expect(all.status).toBe(200);
    const items: Item[] = all.body.claims;
    expect(items).toHaveLength(7);
    const keys = items.map(keyOf[sort] ?? (() => 0));
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
    const paged: string[] = [];
    for (let offset = 0; offset < 7; offset += 2) {
      const page = await call(claims, 'GET', `/api/staff/claims?q=${q}&sort=${sort}&order=${order}&limit=2&offset=${offset}`, {
        staff: true,
      });
      paged.push(...page.body.claims.map((item: Item) => item.claim_number));
    }
    expect(paged).toEqual(items.map((item) => item.claim_number));
  });

  it('defaults to newest first and refuses an unknown sort or order', async () => {
    const q = encodeURIComponent(company);
    const byDefault = await call(claims, 'GET', `/api/staff/claims?q=${q}`, { staff: true });
    const explicit = await call(claims, 'GET', `/api/staff/claims?q=${q}&sort=created_at&order=desc`, { staff: true });
    expect(byDefault.body.claims).toEqual(explicit.body.claims);
    expect((await call(claims, 'GET', '/api/staff/claims?sort=company', { staff: true })).status).toBe(400);
    expect((await call(claims, 'GET', '/api/staff/claims?order=up', { staff: true })).status).toBe(400);
  });

  it('documents sort and order', async () => {
    const doc = await call(claims, 'GET', '/api/openapi.json');
    const names = doc.body.paths['/api/staff/claims'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['sort', 'order']));
    expect(doc.body.paths['/api/staff/claims/export'].get.responses['200'].content['text/csv']).toBeDefined();
  });
});

describe('searching by the client email', () => {
  it('finds the claims of a client by part of the email, any case', async () => {
    const number = await file('Plain Company', 3_000, 'findme.unique@searchable.test');
    const found = await call(claims, 'GET', `/api/staff/claims?q=${encodeURIComponent('FINDME.UNIQUE@')}`, { staff: true });
    expect(found.body.claims.map((item: Item) => item.claim_number)).toEqual([number]);
  });
});

describe('filtering by the day of intake', () => {
  it('keeps the claims taken in within created_from and created_to (UTC days, inclusive), in the list and the export', async () => {
    const number = await file('Dated Intake Partners', 4_000);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const q = encodeURIComponent('Dated Intake Partners');
    const numbers = async (range: string) =>
      (await call(claims, 'GET', `/api/staff/claims?q=${q}&${range}`, { staff: true })).body.claims.map((item: Item) => item.claim_number);
    expect(await numbers(`created_from=${today}&created_to=${today}`)).toEqual([number]);
    expect(await numbers(`created_from=${yesterday}&created_to=${tomorrow}`)).toEqual([number]);
    expect(await numbers(`created_to=${yesterday}`)).toEqual([]);
    expect(await numbers(`created_from=${tomorrow}`)).toEqual([]);
    const csv = await fetch(`${claims.url}/api/staff/claims/export?q=${q}&created_to=${yesterday}`, {
      headers: { 'X-Staff-Key': claims.staffKey },
    });
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(1);
    expect((await call(claims, 'GET', '/api/staff/claims?created_from=2026-02-30', { staff: true })).status).toBe(400);
  });
});

describe('GET /api/staff/claims/export', () => {
  const company = 'Exportable Widgets';
  const parse = (text: string): string[][] =>
    text
      .trimEnd()
      .split('\r\n')
      .map((line) =>
        [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
          .map((match) => (match[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"'))
          .slice(0, -1),
      );

  it('streams every claim of the filter over several pages as CSV, money in dollars, formulas neutralised, other rows absent', async () => {
    for (let index = 0; index < 54; index++) {
      await file(company, 250_000 + index);
    }
    const largest = await file(`${company}, "Quoted" Branch`, 100_000_000);
    const other = await file('Unrelated Traders', 12_345);
    const response = await fetch(`${claims.url}/api/staff/claims/export?q=${encodeURIComponent(company)}&sort=amount_cents&order=asc`, {
      headers: { 'X-Staff-Key': claims.staffKey },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="claims-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(await response.text());
    const [header, ...records] = rows;
    expect(header?.slice(0, 5)).toEqual(['claim_number', 'status', 'status_label', 'tier', 'amount']);
    // More rows than one page of the list (50), every one of the filter, in the order asked for.
    expect(records).toHaveLength(55);
    expect(records.map((record) => record[0])).not.toContain(other);
    expect(records[0]?.[4]).toBe('2500.00');
    expect(records.at(-1)?.[0]).toBe(largest);
    expect(records.at(-1)?.[4]).toBe('1000000.00');
    // Commas and quotes survive the quoting.
    expect(records.at(-1)?.[7]).toBe(`${company}, "Quoted" Branch`);
    const list = await call(claims, 'GET', `/api/staff/claims?q=${encodeURIComponent(company)}&limit=200`, { staff: true });
    expect(list.body.total).toBe(55);
  });

  it('neutralises a company name that starts like a formula', async () => {
    const number = await file('=cmd|" /C calc"!A0', 1_000);
    const response = await fetch(`${claims.url}/api/staff/claims/export?q=${encodeURIComponent(number)}`, {
      headers: { 'X-Staff-Key': claims.staffKey },
    });
    const text = await response.text();
    const record = parse(text)[1];
    expect(record?.[0]).toBe(number);
    expect(record?.[7]).toBe(`'=cmd|" /C calc"!A0`);
    expect(text).not.toMatch(/(^|,)=cmd/m);
  });

  it('neutralises a company name that starts like a formula after leading spaces', async () => {
    const number = await file('   =HYPERLINK("http://evil.test","open")', 1_000);
    const response = await fetch(`${claims.url}/api/staff/claims/export?q=${encodeURIComponent(number)}`, {
      headers: { 'X-Staff-Key': claims.staffKey },
    });
    const record = parse(await response.text())[1];
    expect(record?.[0]).toBe(number);
    expect(record?.[7]).toBe(`'   =HYPERLINK("http://evil.test","open")`);
  });

  it('answers 403 without the staff key and 400 for a bad filter', async () => {
    const without = await call(claims, 'GET', '/api/staff/claims/export');
    expect(without.status).toBe(403);
    expect(without.body.error.code).toBe('forbidden');
    expect((await call(claims, 'GET', '/api/staff/claims/export', { staff: 'wrong' })).status).toBe(403);
    expect((await call(claims, 'GET', '/api/staff/claims/export?status=LOST', { staff: true })).status).toBe(400);
    expect((await call(claims, 'GET', '/api/staff/claims/export?limit=5', { staff: true })).status).toBe(400);
  });
});
