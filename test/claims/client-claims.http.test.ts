import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SUBJECTS } from '../../packages/domain/src/claims/vocabulary.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody, signIn, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

describe('GET /api/claims', () => {
  it('lists only the signed-in client’s claims, newest first', async () => {
    // The service's clock, a minute apart, so "newest first" has one answer.
    const base = Date.now();
    claims.setNow(new Date(base));
    const alice = await submitAndSignIn(claims, 'alice@example.test');
    claims.setNow(new Date(base + 60_000));
    const second = await call(claims, 'POST', '/api/intake', {
      body: intakeBody({ email: 'alice@example.test', debtor: 'Second Debtor', amount: 123_456 }),
    });
    claims.setNow(null);
    await submitAndSignIn(claims, 'bob@example.test');
    const list = await call(claims, 'GET', '/api/claims', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.claims).toHaveLength(2);
    expect(list.body.claims[0]).toEqual({
      claim_number: second.body.claim_number,
      status: 'NEW',
      status_label: 'Received',
      tier: 'TIER_1',
      amount_cents: 123_456,
      amount_display: '$1,234.56',
      debtor_name: 'Second Debtor',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      date_resolved: null,
      has_news: false,
    });
    expect(list.body.claims[1].claim_number).toBe(alice.claimNumber);
  });

  it('gives a client without claims an empty array', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    // The only claim is moved to another client directly in the database, leaving this one empty.
    const other = await submitAndSignIn(claims);
    await claims.db
      .fork()
      .execute(`update claims_claim set client_id = (select client_id from claims_claim where claim_number = ?) where claim_number = ?`, [
        other.claimNumber,
        claimNumber,
      ]);
    const list = await call(claims, 'GET', '/api/claims', { token });
    expect(list.body).toEqual({ claims: [] });
  });
});

describe('GET /api/claims/{claim_number}', () => {
  it('returns the detail with shared notes only and hides debtor contact and internal files', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, {
      staff: true,
      body: { content: 'internal: debtor is dodgy', visibility: 'INTERNAL' },
    });
    await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, {
      staff: true,
      body: { content: 'We sent a <b>letter</b> & called', visibility: 'SHARED', author_name: 'Dana' },
    });
    const detail = await call(claims, 'GET', `/api/claims/${claimNumber}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      claim_number: claimNumber,
      status: 'NEW',
      status_label: 'Received',
      tier: 'TIER_1',
      tier_step: 1,
      amount_cents: 250_000,
      amount_display: '$2,500.00',
      description: 'Unpaid invoice for shelving',
      client_reference: 'INV-77',
      invoice_date: '2026-01-15',
      date_assigned: null,
      date_resolved: null,
      debtor: { name: 'Slow Payer LLC', business_type: 'LLC' },
      documents: [],
    });
    expect(Object.keys(detail.body.debtor).sort()).toEqual(['business_type', 'name']);
    const contents = detail.body.notes.map((note: { content: string }) => note.content);
    expect(contents).toContain('We sent a &lt;b&gt;letter&lt;/b&gt; &amp; called');
    expect(contents.join(' ')).not.toContain('dodgy');
    expect(detail.body.notes[0]).toEqual({
      author_type: 'SYSTEM',
      author_name: expect.any(String),
      subject: null,
      content: expect.stringContaining(claimNumber),
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it('answers 404, never 403, for another client’s claim and for a missing one', async () => {
    const owner = await submitAndSignIn(claims);
    const stranger = await submitAndSignIn(claims);
    const foreign = await call(claims, 'GET', `/api/claims/${owner.claimNumber}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    const missing = await call(claims, 'GET', '/api/claims/CLM-2099-9999', { token: stranger.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message.replace('CLM-2099-9999', owner.claimNumber)).toBe(foreign.body.error.message);
    expect((await call(claims, 'GET', `/api/claims/${owner.claimNumber}`)).status).toBe(401);
  });
});

describe('POST /api/claims/{claim_number}/messages', () => {
  it('adds a shared client note, an audit row and mails the team', async () => {
    const { token, claimNumber, clientNumber } = await submitAndSignIn(claims);
    const answer = await call(claims, 'POST', `/api/claims/${claimNumber}/messages`, {
      token,
      body: { subject: 'New information about the debtor', content: 'They moved to 2 Elm St & <changed> phone' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      author_type: 'CLIENT',
      author_name: 'Ann Example',
      subject: 'New information about the debtor',
      content: 'They moved to 2 Elm St &amp; &lt;changed&gt; phone',
      created_at: expect.stringMatching(/Z$/),
    });
    const [note] = await claims.db.fork().execute(`select * from claims_note where author_type = 'CLIENT' and content like 'They moved%'`);
    expect(note).toMatchObject({ visibility: 'SHARED', content: 'They moved to 2 Elm St & <changed> phone' });
    const audit = await claims.db.fork().execute(`select * from claims_audit_entry where entity_id = ?`, [note?.id]);
    expect(audit).toEqual([expect.objectContaining({ action: 'note_add', actor: clientNumber })]);
    const mail = await claims.smtp.waitFor((message) => message.subject.includes(`[${claimNumber}]`));
    expect(mail.to).toEqual(['team@claims.test']);
    expect(mail.text).toContain('They moved to 2 Elm St');
  });

  it('accepts each fixed subject and refuses any other', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    for (const subject of MESSAGE_SUBJECTS) {
      expect(
        (await call(claims, 'POST', `/api/claims/${claimNumber}/messages`, { token, body: { subject, content: 'hello' } })).status,
      ).toBe(201);
    }
    const before = await snapshotCounts(claims);
    const bad = await call(claims, 'POST', `/api/claims/${claimNumber}/messages`, { token, body: { subject: 'Hi', content: 'hello' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/subject/);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it.each([
    ['an SSN', { subject: 'Other', content: 'my ssn is 123-45-6789' }, /Social Security/],
    ['a card number', { subject: 'Other', content: 'card 4111111111111111' }, /card numbers/],
    ['over-long content', { subject: 'Other', content: 'x'.repeat(10_001) }, /at most 10000/],
    ['empty content', { subject: 'Other', content: '' }, /required/],
    ['an unknown field', { subject: 'Other', content: 'x', visibility: 'INTERNAL' }, /unknown field/],
    ['a wrong type', { subject: 'Other', content: 42 }, /content/],
  ])('refuses %s and changes nothing', async (_label, body, pattern) => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const before = await snapshotCounts(claims);
    const answer = await call(claims, 'POST', `/api/claims/${claimNumber}/messages`, { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(pattern);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('answers 404 for another client’s claim and writes nothing', async () => {
    const owner = await submitAndSignIn(claims);
    const strangerToken = await signIn(claims, (await submitAndSignIn(claims)).email);
    const before = await snapshotCounts(claims);
    const answer = await call(claims, 'POST', `/api/claims/${owner.claimNumber}/messages`, {
      token: strangerToken,
      body: { subject: 'Other', content: 'let me in' },
    });
    expect(answer.status).toBe(404);
    expect(await snapshotCounts(claims)).toEqual(before);
  });
});

describe('mail failures', () => {
  it('never fail the request and are recorded in the claim’s audit trail', async () => {
    claims.smtp.refuseMail(true);
    try {
      const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
      expect(answer.status).toBe(201);
      const claimNumber = answer.body.claim_number;
      // A new client's intake queues two mails (the team's and the client's acknowledgement); waits for
      // both give-ups to be recorded, however long a busy machine takes to get there.
      const audit = await waitFor(
        async () => {
          const rows: Record<string, unknown>[] = await claims.db.fork().execute(
            `select a.* from claims_audit_entry a join claims_claim c on c.id = a.entity_id
           where c.claim_number = ? and a.field = 'email_delivery'`,
            [claimNumber],
          );

          return rows.length >= 2 ? rows : undefined;
        },
        30_000,
        'both failed mails to be recorded',
      );
      const failed = expect.objectContaining({
        entity_type: 'claim',
        action: 'note_add',
        field: 'email_delivery',
        new_value: 'failed',
        reason: expect.stringMatching(/mailbox unavailable/),
      });
      expect(audit).toEqual([failed, failed]);
      const staffView = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
      expect(staffView.body.audit.some((entry: { field: string }) => entry.field === 'email_delivery')).toBe(true);
    } finally {
      claims.smtp.refuseMail(false);
    }
  });
});
