import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody, snapshotCounts, letterTag, type AuditEntry } from '../support/claims-client.ts';
import { addStaffMember, staffMemberSession } from '../support/claims-staff.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

/** A company name no other test files claims under, so filters see only this test's claims. */
const uniqueCompany = () => `Bulkwise ${letterTag()}`;

const file = async (company: string, email?: string) => {
  const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody({ company, ...(email ? { email } : {}) }) });
  expect(answer.status).toBe(201);

  return answer.body.claim_number as string;
};

const detail = async (claimNumber: string) => {
  const answer = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
  expect(answer.status).toBe(200);

  return answer.body as { status: string; tier: string; assignee: { id: string; name: string } | null; audit: AuditEntry[] };
};

const bulk = (body: unknown, auth: { token?: string; staff?: boolean } = { staff: true }) =>
  call(claims, 'POST', '/api/staff/claims/bulk', { ...auth, body });

describe('a bulk change of named claims', () => {
  it('changes every claim, each with its own audit rows under the reason', async () => {
    const company = uniqueCompany();
    const numbers = [await file(company), await file(company), await file(company)];
    const answer = await bulk({ claim_numbers: numbers, change: { status: 'UNDER_REVIEW', tier: 'TIER_2' }, reason: 'weekly review' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ changed: numbers, skipped: [] });
    for (const claimNumber of numbers) {
      const claim = await detail(claimNumber);
      expect(claim.status).toBe('UNDER_REVIEW');
      expect(claim.tier).toBe('TIER_2');
      expect(claim.audit.filter((entry) => entry.reason === 'weekly review')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'status_change', old_value: 'NEW', new_value: 'UNDER_REVIEW', actor: 'API key' }),
          expect.objectContaining({ action: 'update', field: 'tier', old_value: 'TIER_1', new_value: 'TIER_2' }),
        ]),
      );
      expect(claim.audit.filter((entry) => entry.reason === 'weekly review')).toHaveLength(2);
    }
  });

  it('skips the claims the transition rule refuses, and unknown ones, saying why; writes nothing for them', async () => {
    const company = uniqueCompany();
    const fresh = await file(company);
    const active = await file(company);
    expect((await call(claims, 'PATCH', `/api/staff/claims/${active}`, { staff: true, body: { status: 'ACTIVE' } })).status).toBe(200);
    const activeTrail = (await detail(active)).audit.length;
    const unknown = 'CLM-2026-987654';
    // Back to NEW is refused for a claim that has left it; the fresh claim is already NEW, so only its tier changes.
    const answer = await bulk({ claim_numbers: [fresh, active, unknown], change: { status: 'NEW', tier: 'TIER_3' }, reason: 'reset' });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toEqual([fresh]);
    expect(answer.body.skipped).toEqual([
      { claim_number: active, code: 'conflict', message: expect.stringContaining('cannot move back to NEW') },
      { claim_number: unknown, code: 'not_found', message: `Claim ${unknown} not found.` },
    ]);
    const refused = await detail(active);
    expect(refused.status).toBe('ACTIVE');
    expect(refused.tier).toBe('TIER_1');
    expect(refused.audit).toHaveLength(activeTrail);
    const changed = await detail(fresh);
    expect(changed.tier).toBe('TIER_3');
    expect(changed.audit.filter((entry) => entry.reason === 'reset')).toEqual([
      expect.objectContaining({ action: 'update', field: 'tier', new_value: 'TIER_3' }),
    ]);
  });

  it('says a claim already as asked is unchanged and writes nothing for it', async () => {
    const claimNumber = await file(uniqueCompany());
    const before = await snapshotCounts(claims);
    const answer = await bulk({ claim_numbers: [claimNumber], change: { tier: 'TIER_1' }, reason: 'no-op' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ changed: [], skipped: [{ claim_number: claimNumber, code: 'unchanged', message: expect.any(String) }] });
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('records a member as the actor of every change', async () => {
    const { member, token } = await staffMemberSession(claims, { name: 'Bea Bulk' });
    const numbers = [await file(uniqueCompany()), await file(uniqueCompany())];
    const answer = await bulk({ claim_numbers: numbers, change: { status: 'ACTIVE' }, reason: 'taken on' }, { token });
    expect(answer.body).toEqual({ changed: numbers, skipped: [] });
    for (const claimNumber of numbers) {
      expect((await detail(claimNumber)).audit).toEqual(
        expect.arrayContaining([expect.objectContaining({ action: 'status_change', actor: member.email, reason: 'taken on' })]),
      );
    }
  });
});

describe('a bulk change by filters', () => {
  it('changes the claims the list filters match and no others', async () => {
    const company = uniqueCompany();
    const matching = [await file(company), await file(company)];
    const other = await file(uniqueCompany());
    const member = await addStaffMember(claims, { name: 'Fay Filter' });
    const answer = await bulk({ filters: { q: company, status: 'NEW' }, change: { assignee_id: member.id }, reason: 'share out' });
    expect(answer.status).toBe(200);
    expect([...answer.body.changed].sort()).toEqual([...matching].sort());
    expect(answer.body.skipped).toEqual([]);
    expect((await detail(other)).assignee).toBeNull();
    for (const claimNumber of matching) {
      const claim = await detail(claimNumber);
      expect(claim.assignee).toEqual({ id: member.id, name: 'Fay Filter' });
      expect(claim.audit).toEqual(
        expect.arrayContaining([expect.objectContaining({ action: 'assign', old_value: null, new_value: member.id, reason: 'share out' })]),
      );
    }
    // The list shows the same claims under the assignee filter.
    const list = await call(claims, 'GET', `/api/staff/claims?assignee=${member.id}`, { staff: true });
    expect(list.body.total).toBe(2);
    expect(list.body.claims.map((claim: { assignee: unknown }) => claim.assignee)).toEqual([
      { id: member.id, name: 'Fay Filter' },
      { id: member.id, name: 'Fay Filter' },
    ]);
  });

  it('takes assignee=none and assignee=me in the filters', async () => {
    const company = uniqueCompany();
    const { member, token } = await staffMemberSession(claims, { name: 'Mo Mine' });
    const numbers = [await file(company), await file(company)];
    const taken = await bulk(
      { filters: { q: company, assignee: 'none' }, change: { assignee_id: member.id }, reason: 'mine now' },
      { token },
    );
    expect(taken.body.changed).toHaveLength(2);
    const mine = await bulk({ filters: { q: company, assignee: 'me' }, change: { status: 'ACTIVE' }, reason: 'working them' }, { token });
    expect([...mine.body.changed].sort()).toEqual([...numbers].sort());
    // The shared key is nobody, so it has no claims of its own.
    const keyMe = await bulk({ filters: { q: company, assignee: 'me' }, change: { status: 'LEGAL' }, reason: 'r' });
    expect(keyMe.status).toBe(400);
    expect(keyMe.body.error.message).toMatch(/me/);
  });

  it('with 400 when the filters match more than 500 claims, and changes nothing', { timeout: 240_000 }, async () => {
    const company = uniqueCompany();
    const original = await file(company);
    // 500 more claims of the same client and debtor, written straight into the table (filing 501 through the intake
    // would take minutes); the year 2099 keeps their numbers apart from the intake's.
    await claims.db.fork().execute(
      `insert into claims_claim (id, claim_number, client_id, debtor_id, amount_cents, currency, status, tier, search_text, created_at, updated_at)
       select gen_random_uuid(), 'CLM-2099-' || lpad(g::text, 4, '0'), client_id, debtor_id, amount_cents, currency, status, tier, search_text, created_at, updated_at
       from claims_claim cross join generate_series(1, 500) as g where claim_number = ?`,
      [original],
    );
    const listed = await call(claims, 'GET', `/api/staff/claims?q=${encodeURIComponent(company)}`, { staff: true });
    expect(listed.body.total).toBe(501);
    const before = await snapshotCounts(claims);
    const answer = await bulk({ filters: { q: company }, change: { status: 'ACTIVE' }, reason: 'too wide' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.message).toMatch(/501 claims match; one bulk change takes at most 500/);
    expect(await snapshotCounts(claims)).toEqual(before);
    const [moved] = await claims.db
      .fork()
      .execute<{ n: number }[]>(
        "select count(*)::int as n from claims_claim where search_text = (select search_text from claims_claim where claim_number = ?) and status <> 'NEW'",
        [original],
      );
    expect(moved?.n).toBe(0);
    // One fewer matches and the same change is taken.
    await claims.db.fork().execute("delete from claims_claim where claim_number = 'CLM-2099-0500'");
    const narrowed = await bulk({ filters: { q: company }, change: { tier: 'TIER_2' }, reason: 'now it fits' });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.changed).toHaveLength(500);
  });

  it('answers nothing changed when no claim matches', async () => {
    const answer = await bulk({ filters: { q: 'no company is called this' }, change: { status: 'ACTIVE' }, reason: 'r' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ changed: [], skipped: [] });
  });
});

describe('the clients of a bulk change', () => {
  const WINDOW_MS = 5 * 60_000;

  it('are mailed one news mail per claim when notify_client is chosen, and none otherwise', async () => {
    const company = uniqueCompany();
    const emails = [`bulk-a-${Date.now()}@example.test`, `bulk-b-${Date.now()}@example.test`, `bulk-c-${Date.now()}@example.test`];
    const told = [await file(company, emails[0]), await file(company, emails[1])];
    const quiet = await file(uniqueCompany(), emails[2]);
    const moment = new Date(Date.now() + 60_000);
    claims.setNow(moment);
    try {
      const answer = await bulk({ claim_numbers: told, change: { status: 'ACTIVE' }, reason: 'started', notify_client: true });
      expect(answer.body.changed).toEqual(told);
      expect((await bulk({ claim_numbers: [quiet], change: { status: 'ACTIVE' }, reason: 'started' })).body.changed).toEqual([quiet]);
      claims.setNow(new Date(moment.getTime() + WINDOW_MS + 1_000));
      await claims.runMailOutbox();
      for (const [index, claimNumber] of told.entries()) {
        const mails = claims.smtp.messages.filter((mail) => mail.to.includes(emails[index] ?? '') && mail.subject.startsWith('News about'));
        expect(mails).toHaveLength(1);
        expect(mails[0]?.subject).toBe(`News about your claim ${claimNumber}`);
        expect(mails[0]?.text).toContain('- Status changed to In Progress');
      }
      expect(claims.smtp.messages.filter((mail) => mail.to.includes(emails[2] ?? '') && mail.subject.startsWith('News about'))).toEqual([]);
    } finally {
      claims.setNow(null);
    }
  });
});

describe('a bulk change refused', () => {
  const claimNumbers = (count: number) => Array.from({ length: count }, (_, index) => `CLM-2026-${String(index + 1).padStart(4, '0')}`);

  it.each([
    [
      'an unknown field',
      (numbers: string[]) => ({ claim_numbers: numbers, change: { status: 'ACTIVE' }, reason: 'r', amount_cents: 5 }),
      /unknown field/,
    ],
    [
      'an unknown change',
      (numbers: string[]) => ({ claim_numbers: numbers, change: { status: 'ACTIVE', date_resolved: 'x' }, reason: 'r' }),
      /unknown field/,
    ],
    ['an unknown filter', () => ({ filters: { colour: 'red' }, change: { status: 'ACTIVE' }, reason: 'r' }), /unknown field/],
    [
      'claim numbers as text',
      (numbers: string[]) => ({ claim_numbers: numbers.join(','), change: { status: 'ACTIVE' }, reason: 'r' }),
      /claim_numbers/,
    ],
    ['a status as a number', (numbers: string[]) => ({ claim_numbers: numbers, change: { status: 7 }, reason: 'r' }), /status/],
    [
      'notify_client as text',
      (numbers: string[]) => ({ claim_numbers: numbers, change: { status: 'ACTIVE' }, reason: 'r', notify_client: 'yes' }),
      /notify_client/,
    ],
    ['too many claim numbers', () => ({ claim_numbers: claimNumbers(501), change: { status: 'ACTIVE' }, reason: 'r' }), /at most 500/],
    ['no claim numbers', () => ({ claim_numbers: [], change: { status: 'ACTIVE' }, reason: 'r' }), /at least one/],
    [
      'a claim named twice',
      (numbers: string[]) => ({ claim_numbers: [...numbers, ...numbers], change: { status: 'ACTIVE' }, reason: 'r' }),
      /twice/,
    ],
    [
      'a malformed claim number',
      () => ({ claim_numbers: ["CLM-2026-0001'; drop table claims_claim;--"], change: { status: 'ACTIVE' }, reason: 'r' }),
      /claim number/,
    ],
    [
      'an empty change',
      (numbers: string[]) => ({ claim_numbers: numbers, change: {}, reason: 'r' }),
      /give a status, a tier or an assignee/,
    ],
    ['no reason', (numbers: string[]) => ({ claim_numbers: numbers, change: { status: 'ACTIVE' } }), /reason/],
    [
      'an SSN in the reason',
      (numbers: string[]) => ({ claim_numbers: numbers, change: { status: 'ACTIVE' }, reason: 'ssn 123-45-6789' }),
      /Social Security/,
    ],
    ['neither claims nor filters', () => ({ change: { status: 'ACTIVE' }, reason: 'r' }), /either claim_numbers or filters/],
    [
      'both claims and filters',
      (numbers: string[]) => ({ claim_numbers: numbers, filters: {}, change: { status: 'ACTIVE' }, reason: 'r' }),
      /either/,
    ],
    [
      'an assignee that is no id',
      (numbers: string[]) => ({ claim_numbers: numbers, change: { assignee_id: 'Rita' }, reason: 'r' }),
      /assignee_id/,
    ],
    [
      'an unknown assignee',
      (numbers: string[]) => ({ claim_numbers: numbers, change: { assignee_id: '0b7e3c2a-1d4f-4a6b-8c9d-0e1f2a3b4c5d' }, reason: 'r' }),
      /no staff member/,
    ],
  ])('with 400 for %s, and changes nothing', async (_label, bodyOf, pattern) => {
    const numbers = [await file(uniqueCompany())];
    const before = await snapshotCounts(claims);
    const answer = await bulk(bodyOf(numbers));
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.message).toMatch(pattern);
    expect(await snapshotCounts(claims)).toEqual(before);
    expect((await detail(numbers[0] ?? '')).status).toBe('NEW');
  });

  it('with 409 for an inactive assignee, and changes nothing', async () => {
    const gone = await addStaffMember(claims, { name: 'Gone Gail' });
    expect((await call(claims, 'POST', `/api/staff/members/${gone.id}/deactivate`, { staff: true })).status).toBe(200);
    const numbers = [await file(uniqueCompany()), await file(uniqueCompany())];
    const before = await snapshotCounts(claims);
    const answer = await bulk({ claim_numbers: numbers, change: { assignee_id: gone.id, status: 'ACTIVE' }, reason: 'r' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toContain('Gone Gail');
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('with 403 without a staff credential or with a wrong one, and changes nothing', async () => {
    const numbers = [await file(uniqueCompany())];
    const body = { claim_numbers: numbers, change: { status: 'ACTIVE' }, reason: 'r' };
    const before = await snapshotCounts(claims);
    expect((await call(claims, 'POST', '/api/staff/claims/bulk', { body })).status).toBe(403);
    expect((await call(claims, 'POST', '/api/staff/claims/bulk', { body, staff: 'wrong-key' })).status).toBe(403);
    expect((await call(claims, 'POST', '/api/staff/claims/bulk', { body, token: 'not-a-session' })).status).toBe(403);
    expect(await snapshotCounts(claims)).toEqual(before);
    expect((await detail(numbers[0] ?? '')).status).toBe('NEW');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await call(claims, 'GET', '/api/openapi.json');
    expect(doc.body.paths['/api/staff/claims/bulk'].post).toBeDefined();
  });
});
