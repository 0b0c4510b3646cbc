import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, CLAIM_TIERS } from '../../packages/domain/src/claims/vocabulary.ts';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

const submit = async (overrides: Parameters<typeof intakeBody>[0] = {}) => {
  const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody(overrides) });
  expect(answer.status).toBe(201);

  return answer.body.claim_number as string;
};

const patch = (claimNumber: string, body: unknown) => call(claims, 'PATCH', `/api/staff/claims/${claimNumber}`, { staff: true, body });

describe('staff authentication', () => {
  it.each([
    ['GET', '/api/staff/claims'],
    ['GET', '/api/staff/claims/CLM-2026-0001'],
    ['PATCH', '/api/staff/claims/CLM-2026-0001'],
    ['POST', '/api/staff/claims/CLM-2026-0001/notes'],
    ['GET', '/api/staff/stats'],
    ['GET', '/api/staff/audit'],
  ])('%s %s answers 403 without the key or with a wrong one', async (method, path) => {
    const body = method === 'GET' ? undefined : { status: 'ACTIVE', content: 'x' };
    for (const staff of [undefined, 'wrong-key', `${claims.staffKey}x`, claims.staffKey.slice(0, -1)]) {
      const answer = await call(claims, method, path, { ...(staff ? { staff } : {}), ...(body ? { body } : {}) });
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
  });

  it('a client session does not open staff paths', async () => {
    const { token } = await submitAndSignIn(claims);
    expect((await call(claims, 'GET', '/api/staff/claims', { token })).status).toBe(403);
  });
});

describe('GET /api/staff/claims', () => {
  it('lists claims with client and debtor summaries and counts, newest first', async () => {
    const claimNumber = await submit({ company: 'Listing Co', debtor: 'Listed Debtor' });
    await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, { staff: true, body: { content: 'checked' } });
    const list = await call(claims, 'GET', '/api/staff/claims?limit=1', { staff: true });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ claims: [expect.any(Object)], total: expect.any(Number), limit: 1, offset: 0 });
    expect(list.body.claims[0]).toEqual({
      claim_number: claimNumber,
      status: 'NEW',
      status_label: 'Received',
      tier: 'TIER_1',
      amount_cents: 250_000,
      amount_display: '$2,500.00',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      date_resolved: null,
      client: {
        client_number: expect.stringMatching(/^CLT-/),
        company_name: 'Listing Co',
        contact_name: 'Ann Example',
        email: expect.any(String),
      },
      debtor: { name: 'Listed Debtor', business_type: 'LLC' },
      document_count: 0,
      note_count: 2,
      client_activity_at: null,
      assignee: null,
    });
  });

  it('filters by status, tier and search text, and pages with limit and offset', async () => {
    const numbers = [
      await submit({ company: 'Filter Alpha' }),
      await submit({ debtor: 'Filter Beta Debtor' }),
      await submit({ company: 'Filter Gamma' }),
    ];
    await patch(numbers[0] as string, { status: 'LEGAL', tier: 'TIER_4' });
    await patch(numbers[1] as string, { status: 'LEGAL' });
    const legal = await call(claims, 'GET', '/api/staff/claims?status=LEGAL', { staff: true });
    expect(legal.body.total).toBe(2);
    expect(legal.body.claims.map((item: { claim_number: string }) => item.claim_number).sort()).toEqual([numbers[0], numbers[1]].sort());
    const legalTier4 = await call(claims, 'GET', '/api/staff/claims?status=LEGAL&tier=TIER_4', { staff: true });
    expect(legalTier4.body.claims.map((item: { claim_number: string }) => item.claim_number)).toEqual([numbers[0]]);
    const byDebtor = await call(claims, 'GET', '/api/staff/claims?q=BETA', { staff: true });
    expect(byDebtor.body.claims.map((item: { claim_number: string }) => item.claim_number)).toEqual([numbers[1]]);
    const byNumber = await call(claims, 'GET', `/api/staff/claims?q=${numbers[2]}`, { staff: true });
    expect(byNumber.body.claims.map((item: { claim_number: string }) => item.claim_number)).toEqual([numbers[2]]);
    const wildcard = await call(claims, 'GET', '/api/staff/claims?q=%25', { staff: true });
    expect(wildcard.body.total).toBe(0);
    const filterAll = await call(claims, 'GET', '/api/staff/claims?q=filter&limit=2', { staff: true });
    expect(filterAll.body.total).toBe(3);
    expect(filterAll.body.claims.map((item: { claim_number: string }) => item.claim_number)).toEqual([numbers[2], numbers[1]]);
    const page2 = await call(claims, 'GET', '/api/staff/claims?q=filter&limit=2&offset=2', { staff: true });
    expect(page2.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page2.body.claims.map((item: { claim_number: string }) => item.claim_number)).toEqual([numbers[0]]);
  });

  it.each([
    ['limit over 200', '?limit=201', /at most 200/],
    ['limit 0', '?limit=0', /limit/],
    ['a negative offset', '?offset=-1', /offset/],
    ['a word for a limit', '?limit=ten', /limit/],
    ['a bad status', '?status=DONE', /status/],
    ['a bad tier', '?tier=TIER_9', /tier/],
    ['an unknown parameter', '?colour=blue', /unknown field\(s\): colour/],
    ['a repeated parameter', '?status=NEW&status=LEGAL', /more than once/],
  ])('refuses %s', async (_label, query, pattern) => {
    const answer = await call(claims, 'GET', `/api/staff/claims${query}`, { staff: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.message).toMatch(pattern);
  });

  it('accepts limit 200', async () => {
    const answer = await call(claims, 'GET', '/api/staff/claims?limit=200', { staff: true });
    expect(answer.status).toBe(200);
    expect(answer.body.limit).toBe(200);
  });
});

describe('GET /api/staff/claims/{claim_number}', () => {
  it('gives every field, client and debtor in full, all notes, documents and the audit trail', async () => {
    const claimNumber = await submit({ company: 'Detail Co' });
    await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, { staff: true, body: { content: 'internal one' } });
    const detail = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: expect.any(String),
      claim_number: claimNumber,
      status: 'NEW',
      status_label: 'Received',
      tier: 'TIER_1',
      tier_step: 1,
      tier_label: 'Soft Touch',
      tier_badge: null,
      amount_cents: 250_000,
      amount_display: '$2,500.00',
      currency: 'USD',
      crm_id: null,
      client: {
        company_name: 'Detail Co',
        email: expect.any(String),
        phone: '+1 555 0100',
        crm_id: null,
        tos_accepted_at: expect.stringMatching(/Z$/),
      },
      debtor: { name: 'Slow Payer LLC', physical_address: '1 Main St, Springfield', contact_email: null, crm_id: null },
      documents: [],
    });
    expect(detail.body.notes.map((note: { visibility: string }) => note.visibility)).toEqual(['SHARED', 'INTERNAL']);
    expect(detail.body.audit[0]).toMatchObject({ entity_type: 'claim', action: 'create' });
    expect(detail.body.audit.at(-1)).toMatchObject({ entity_type: 'note', action: 'note_add' });
  });

  it('answers 404 for an unknown claim', async () => {
    const answer = await call(claims, 'GET', '/api/staff/claims/CLM-1999-0001', { staff: true });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });

  it('answers 400 for a claim number with a malformed percent escape', async () => {
    const answer = await call(claims, 'GET', '/api/staff/claims/CLM-%ZZ', { staff: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
  });
});

describe('PATCH /api/staff/claims/{claim_number}', () => {
  it('moves status with audit, date_assigned, date_resolved and a client note', async () => {
    const { claimNumber, token } = await submitAndSignIn(claims);
    const active = await patch(claimNumber, { status: 'ACTIVE', reason: 'documents complete' });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({
      status: 'ACTIVE',
      status_label: 'In Progress',
      date_assigned: expect.stringMatching(/Z$/),
      date_resolved: null,
    });
    expect(active.body.audit.at(-2)).toMatchObject({
      action: 'status_change',
      field: 'status',
      old_value: 'NEW',
      new_value: 'ACTIVE',
      actor: 'API key',
      reason: 'documents complete',
    });
    const settled = await patch(claimNumber, { status: 'SETTLED' });
    expect(settled.body.date_resolved).toMatch(/Z$/);
    expect(settled.body.date_assigned).toBe(active.body.date_assigned);
    const reopened = await patch(claimNumber, { status: 'NEGOTIATION' });
    expect(reopened.body.date_resolved).toBeNull();
    const clientView = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    const notes = clientView.body.notes.map((note: { content: string }) => note.content);
    expect(notes).toEqual(
      expect.arrayContaining(['Status changed to In Progress', 'Status changed to Settled', 'Status changed to In Negotiation']),
    );
  });

  it('keeps date_resolved when a resolved claim is rejected, and clears it when the claim is reopened', async () => {
    const { claimNumber, token } = await submitAndSignIn(claims);
    await patch(claimNumber, { status: 'ACTIVE' });
    const settled = await patch(claimNumber, { status: 'SETTLED' });
    expect(settled.body.date_resolved).toMatch(/Z$/);
    const rejected = await patch(claimNumber, { status: 'REJECTED', reason: 'payment bounced; claim not pursued' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'REJECTED',
      date_resolved: settled.body.date_resolved,
      date_assigned: settled.body.date_assigned,
    });
    const [row] = await claims.db.fork().execute('select date_resolved from claims_claim where claim_number = ?', [claimNumber]);
    expect(row?.date_resolved).not.toBeNull();
    expect((await call(claims, 'GET', `/api/claims/${claimNumber}`, { token })).body.date_resolved).toBe(settled.body.date_resolved);
    const reopened = await patch(claimNumber, { status: 'ACTIVE' });
    expect(reopened.body.date_resolved).toBeNull();
  });

  it('can change status without telling the client', async () => {
    const { claimNumber, token } = await submitAndSignIn(claims);
    await patch(claimNumber, { status: 'UNDER_REVIEW', notify_client: false });
    const clientView = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    expect(clientView.body.status_label).toBe('Under Review');
    expect(clientView.body.notes).toHaveLength(1);
  });

  it('changes the tier independently, with TIER_2_5 shown as the lien threat on step 2', async () => {
    const { claimNumber, token } = await submitAndSignIn(claims);
    const lien = await patch(claimNumber, { tier: 'TIER_2_5', reason: 'lien letter' });
    expect(lien.body).toMatchObject({
      status: 'NEW',
      tier: 'TIER_2_5',
      tier_step: 2,
      tier_label: 'Lien Threat',
      tier_badge: 'Lien Threat',
    });
    expect(lien.body.audit.at(-1)).toMatchObject({
      action: 'update',
      field: 'tier',
      old_value: 'TIER_1',
      new_value: 'TIER_2_5',
      reason: 'lien letter',
    });
    const clientView = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    expect(clientView.body).toMatchObject({ tier: 'TIER_2_5', tier_step: 2, tier_badge: 'Lien Threat' });
    for (const [tier, step] of [
      ['TIER_1', 1],
      ['TIER_2', 2],
      ['TIER_3', 3],
      ['TIER_4', 4],
    ] as const) {
      expect((await patch(claimNumber, { tier })).body.tier_step).toBe(step);
    }
  });

  it('treats the same status as no change and writes no audit row', async () => {
    const claimNumber = await submit();
    const first = await patch(claimNumber, { status: 'ACTIVE' });
    const before = await snapshotCounts(claims);
    const same = await patch(claimNumber, { status: 'ACTIVE', tier: 'TIER_1' });
    expect(same.status).toBe(200);
    expect(same.body.audit).toEqual(first.body.audit);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('refuses a move back to NEW with 409 and changes nothing', async () => {
    const claimNumber = await submit();
    await patch(claimNumber, { status: 'ACTIVE' });
    const before = await snapshotCounts(claims);
    const answer = await patch(claimNumber, { status: 'NEW', tier: 'TIER_3' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('conflict');
    expect(await snapshotCounts(claims)).toEqual(before);
    expect((await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true })).body.tier).toBe('TIER_1');
  });

  it.each([
    ['date_assigned', { date_assigned: '2026-01-01' }, /unknown field\(s\): date_assigned/],
    ['date_resolved', { status: 'CLOSED', date_resolved: '2026-01-01' }, /unknown field\(s\): date_resolved/],
    ['a bad status', { status: 'DONE' }, /status/],
    ['a bad tier', { tier: 'TIER_5' }, /tier/],
    ['nothing to change', { reason: 'why not' }, /give a status or a tier/],
    ['an over-long reason', { status: 'ACTIVE', reason: 'r'.repeat(1001) }, /at most 1000/],
    ['an SSN in the reason', { status: 'ACTIVE', reason: 'ssn 123-45-6789' }, /Social Security/],
    ['a wrong type', { status: 7 }, /status/],
    ['the amount', { amount_cents: 5 }, /unknown field/],
  ])('refuses %s with 400 and changes nothing', async (_label, body, pattern) => {
    const claimNumber = await submit();
    const before = await snapshotCounts(claims);
    const answer = await patch(claimNumber, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.message).toMatch(pattern);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('answers 404 for an unknown claim', async () => {
    expect((await patch('CLM-1999-0001', { status: 'ACTIVE' })).status).toBe(404);
  });
});

describe('POST /api/staff/claims/{claim_number}/notes', () => {
  it('adds an internal note by default, or a shared one, with an audit row', async () => {
    const { claimNumber, token } = await submitAndSignIn(claims);
    const internal = await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, {
      staff: true,
      body: { content: 'call debtor Monday' },
    });
    expect(internal.status).toBe(201);
    expect(internal.body).toEqual({
      id: expect.any(String),
      author_type: 'STAFF',
      author_name: 'Staff',
      subject: null,
      content: 'call debtor Monday',
      visibility: 'INTERNAL',
      created_at: expect.stringMatching(/Z$/),
    });
    const shared = await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, {
      staff: true,
      body: { content: 'We reached the debtor', visibility: 'SHARED', author_name: 'Dana Smith' },
    });
    expect(shared.body).toMatchObject({ visibility: 'SHARED', author_name: 'Dana Smith' });
    const audit = await call(claims, 'GET', `/api/staff/audit?entity_type=note&entity_id=${internal.body.id}`, { staff: true });
    expect(audit.body.entries).toEqual([expect.objectContaining({ action: 'note_add', actor: 'API key', new_value: 'INTERNAL' })]);
    const clientView = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    const contents = clientView.body.notes.map((note: { content: string }) => note.content);
    expect(contents).toContain('We reached the debtor');
    expect(contents).not.toContain('call debtor Monday');
  });

  it.each([
    ['empty content', { content: '' }],
    ['over-long content', { content: 'x'.repeat(10_001) }],
    ['a bad visibility', { content: 'x', visibility: 'PUBLIC' }],
    ['an over-long author', { content: 'x', author_name: 'a'.repeat(201) }],
    ['an unknown field', { content: 'x', author_type: 'SYSTEM' }],
    ['a card number', { content: 'card 4111 1111 1111 1111' }],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const claimNumber = await submit();
    const before = await snapshotCounts(claims);
    const answer = await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, { staff: true, body });
    expect(answer.status).toBe(400);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('answers 404 for an unknown claim', async () => {
    expect((await call(claims, 'POST', '/api/staff/claims/CLM-1999-0001/notes', { staff: true, body: { content: 'x' } })).status).toBe(404);
  });
});

describe('GET /api/staff/audit', () => {
  it('lists entries newest first with total, filtered by entity, paged', async () => {
    const claimNumber = await submit();
    const detail = (await patch(claimNumber, { status: 'ACTIVE', tier: 'TIER_2' })).body;
    const answer = await call(claims, 'GET', `/api/staff/audit?entity_type=claim&entity_id=${detail.id}`, { staff: true });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(3);
    expect(answer.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'status_change', 'create']);
    const paged = await call(claims, 'GET', `/api/staff/audit?entity_type=claim&entity_id=${detail.id}&limit=1&offset=1`, { staff: true });
    expect(paged.body).toEqual({ entries: [expect.objectContaining({ action: 'status_change' })], total: 3 });
    const all = await call(claims, 'GET', '/api/staff/audit', { staff: true });
    expect(all.body.entries.length).toBeLessThanOrEqual(100);
    expect(all.body.total).toBeGreaterThanOrEqual(all.body.entries.length);
  });

  it('refuses bad filters and limits over 500', async () => {
    for (const query of ['?entity_type=invoice', '?entity_id=123', '?limit=501', '?foo=bar']) {
      expect((await call(claims, 'GET', `/api/staff/audit${query}`, { staff: true })).status).toBe(400);
    }
    expect((await call(claims, 'GET', '/api/staff/audit?limit=500', { staff: true })).status).toBe(200);
  });

  it('is append-only in the database itself', async () => {
    const em = claims.db.fork();
    await expect(em.execute(`update claims_audit_entry set actor = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(em.execute('delete from claims_audit_entry')).rejects.toThrow(/append-only/);
    await expect(em.execute('truncate claims_audit_entry')).rejects.toThrow(/append-only/);
  });
});

describe('GET /api/staff/stats', () => {
  it('computes totals, recovered, open and aging from the claims', async () => {
    const fresh = await startTestClaims();
    try {
      const day = 86_400_000;
      const now = Date.now();
      const make = async (amount: number, status: string | null, tier: string | null, ageDays: number) => {
        fresh.setNow(new Date(now - ageDays * day));
        const answer = await call(fresh, 'POST', '/api/intake', { body: intakeBody({ amount }) });
        fresh.setNow(null);
        const claimNumber = answer.body.claim_number as string;
        if (status || tier) {
          await call(fresh, 'PATCH', `/api/staff/claims/${claimNumber}`, {
            staff: true,
            body: { ...(status ? { status } : {}), ...(tier ? { tier } : {}) },
          });
        }
      };
      await make(100_00, null, null, 0);
      await make(200_00, 'ACTIVE', 'TIER_2_5', 45);
      await make(300_00, 'LEGAL', 'TIER_4', 90);
      await make(400_00, 'SETTLED', null, 100);
      await make(500_00, 'CLOSED', 'TIER_3', 10);
      await make(600_00, 'WRITE_OFF', null, 70);
      await make(700_00, 'REJECTED', null, 31);
      const stats = await call(fresh, 'GET', '/api/staff/stats', { staff: true });
      expect(stats.status).toBe(200);
      expect(stats.body).toEqual({
        total_claims: 7,
        by_status: Object.fromEntries(
          CLAIM_STATUSES.map((status) => [
            status,
            ['NEW', 'ACTIVE', 'LEGAL', 'SETTLED', 'CLOSED', 'WRITE_OFF', 'REJECTED'].includes(status) ? 1 : 0,
          ]),
        ),
        by_tier: Object.fromEntries(CLAIM_TIERS.map((tier) => [tier, { TIER_1: 4, TIER_2: 0, TIER_2_5: 1, TIER_3: 1, TIER_4: 1 }[tier]])),
        total_amount_cents: 2_800_00,
        total_amount_display: '$2,800.00',
        recovered_amount_cents: 900_00,
        open_amount_cents: 600_00,
        // Open claims older than 30 days: the ACTIVE (45) and LEGAL (90) ones; over 60: only LEGAL.
        aging: { over_30_days: 2, over_60_days: 1 },
        // No client wrote to these claims after intake.
        client_activity: 0,
      });
    } finally {
      await fresh.close();
    }
  });
});
