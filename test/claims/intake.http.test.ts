import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, freshIp, intakeBody, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

const expectRefusedUnchanged = async (body: unknown, pattern: RegExp, raw?: { rawBody: string; headers?: Record<string, string> }) => {
  const before = await snapshotCounts(claims);
  const answer = raw
    ? await call(claims, 'POST', '/api/intake', { rawBody: raw.rawBody, headers: { 'Content-Type': 'application/json', ...raw.headers } })
    : await call(claims, 'POST', '/api/intake', { body });
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('validation_error');
  expect(answer.body.error.message).toMatch(pattern);
  expect(await snapshotCounts(claims)).toEqual(before);
};

describe('POST /api/intake', () => {
  it('creates client, debtor, claim, receipt note and audit rows, and mails the team', async () => {
    const body = intakeBody({ email: 'Owner@Example.TEST' });
    const answer = await call(claims, 'POST', '/api/intake', { body });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      claim_number: expect.stringMatching(/^CLM-\d{4}-\d{4}$/),
      client_number: '',
      status: 'NEW',
      message: expect.any(String),
    });
    const em = claims.db.fork();
    const [client] = await em.execute('select * from claims_client where email = ?', ['owner@example.test']);
    expect(client?.client_number).toMatch(/^CLT-\d{4}-\d{4}$/);
    expect(client).toMatchObject({ email: 'owner@example.test', company_name: 'Acme Supplies', phone: '+1 555 0100' });
    expect(client?.tos_accepted_at).not.toBeNull();
    const [claim] = await em.execute('select * from claims_claim where claim_number = ?', [answer.body.claim_number]);
    expect(claim).toMatchObject({ status: 'NEW', tier: 'TIER_1', amount_cents: 250_000, currency: 'USD', client_reference: 'INV-77' });
    const notes = await em.execute('select * from claims_note where claim_id = ?', [claim?.id]);
    expect(notes).toEqual([expect.objectContaining({ author_type: 'SYSTEM', visibility: 'SHARED' })]);
    const audit = await em.execute('select entity_type, action from claims_audit_entry where claim_id = ? or entity_id = ? order by seq', [
      claim?.id,
      client?.id,
    ]);
    expect(audit).toEqual(
      expect.arrayContaining([
        { entity_type: 'client', action: 'create' },
        { entity_type: 'claim', action: 'create' },
      ]),
    );
    const mail = await claims.smtp.waitFor(
      (message) => message.subject.includes(answer.body.claim_number) && message.to.includes('team@claims.test'),
    );
    expect(mail.to).toEqual(['team@claims.test']);
    expect(mail.text).toContain('$2,500.00');
  });

  it("acknowledges a new client's intake by mail with the claim number and the sign-in page, and only that client", async () => {
    const body = intakeBody({ email: 'fresh.client@example.test' });
    const answer = await call(claims, 'POST', '/api/intake', { body });
    expect(answer.status).toBe(201);
    const mail = await claims.smtp.waitFor((message) => message.to.includes('fresh.client@example.test'));
    expect(mail.subject).toBe(`We received your claim ${answer.body.claim_number}`);
    expect(mail.text).toContain(`Hello ${body.client.contact_name},`);
    expect(mail.text).toContain(`Your claim ${answer.body.claim_number} has been received`);
    expect(mail.text).toContain('https://portal.claims.test/portal/sign-in?email=fresh.client%40example.test');
    // No token rides in the acknowledgement: it is a way in that still works later, not a credential.
    expect(mail.text).not.toMatch(/verify\?token=/);
    const [row] = await claims.db
      .fork()
      .execute('select count(*) as n from mail_outbox where recipient = ? ', ['fresh.client@example.test']);
    expect(Number(row?.n)).toBe(1);
  });

  it('reuses the client of a known email (any case) for the signed-in client, updates its contact fields and numbers the new claim', async () => {
    const first = await submitAndSignIn(claims, 'repeat@example.test');
    const secondBody = intakeBody({ email: 'REPEAT@example.test', company: 'Acme Renamed' });
    const mailsBefore = claims.smtp.messages.length;
    const second = await call(claims, 'POST', '/api/intake', { body: secondBody, token: first.token });
    expect(second.status).toBe(201);
    expect(second.body.client_number).toBe(first.clientNumber);
    expect(second.body.claim_number).not.toBe(first.claimNumber);
    const [client] = await claims.db.fork().execute('select company_name from claims_client where email = ?', ['repeat@example.test']);
    expect(client?.company_name).toBe('Acme Renamed');
    // The older claim is now found by the new company name too.
    const found = await call(claims, 'GET', '/api/staff/claims?q=acme%20renamed', { staff: true });
    expect(found.body.claims.map((item: { claim_number: string }) => item.claim_number).sort()).toEqual(
      [first.claimNumber, second.body.claim_number].sort(),
    );
    // The client filed it, so there is nothing to tell them and no details waiting for review.
    const staff = await call(claims, 'GET', `/api/staff/claims/${second.body.claim_number}`, { staff: true });
    expect(staff.body.notes.filter((note: { visibility: string }) => note.visibility === 'INTERNAL')).toEqual([]);
    await claims.smtp.waitFor((mail) => mail.subject.includes(second.body.claim_number) && mail.to.includes('team@claims.test'));
    expect(claims.smtp.messages.slice(mailsBefore).filter((mail) => mail.to.includes('repeat@example.test'))).toEqual([]);
  });

  it('answers an anonymous intake the same for a new and an existing email, without a client number; the number comes with the sign-in', async () => {
    const owner = await submitAndSignIn(claims);
    const known = await call(claims, 'POST', '/api/intake', { body: intakeBody({ email: owner.email }) });
    const fresh = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
    expect(known.status).toBe(201);
    expect(fresh.status).toBe(201);
    const shape = (body: Record<string, string>) => ({
      ...body,
      claim_number: 'N',
      message: body.message?.replace(body.claim_number ?? '', 'N'),
    });
    expect(shape(known.body)).toEqual(shape(fresh.body));
    expect(known.body.client_number).toBe('');
    expect(JSON.stringify(known.body)).not.toContain(owner.clientNumber);
    expect(JSON.stringify(known.body)).not.toMatch(/CLT-/);
    // Signed in as that client, the caller is told the number they already hold.
    const own = await call(claims, 'POST', '/api/intake', { body: intakeBody({ email: owner.email }), token: owner.token });
    expect(own.body.client_number).toBe(owner.clientNumber);
  });

  it.each([
    ['without a session', async () => undefined],
    ['with the session of another client', async () => (await submitAndSignIn(claims)).token],
    ['with a session token that is not valid', async () => 'not-a-session-token'],
  ])('keeps an existing client intact when an intake with its email (any case) comes %s', async (_label, sessionOf) => {
    const owner = await submitAndSignIn(claims);
    const token = await sessionOf();
    const [before] = await claims.db.fork().execute('select * from claims_client where email = ?', [owner.email]);
    const body = intakeBody({ email: owner.email.toUpperCase(), company: 'Attacker Holdings' });
    body.client.contact_name = 'Mallory Impostor';
    body.client.phone = '+1 555 6666';
    const answer = await call(claims, 'POST', '/api/intake', { body, ...(token ? { token } : {}) });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['claim_number', 'client_number', 'message', 'status']);
    expect(answer.body.client_number).toBe('');
    expect(JSON.stringify(answer.body)).not.toContain(owner.clientNumber);
    const [after] = await claims.db.fork().execute('select * from claims_client where email = ?', [owner.email]);
    expect(after).toEqual(before);
    // The older claim is not found by the company name the intake gave; the new one is filed under the stored name.
    const found = await call(claims, 'GET', '/api/staff/claims?q=attacker%20holdings', { staff: true });
    expect(found.body.claims).toEqual([]);
    const staff = await call(claims, 'GET', `/api/staff/claims/${answer.body.claim_number}`, { staff: true });
    const internal = staff.body.notes.filter((note: { visibility: string }) => note.visibility === 'INTERNAL');
    expect(internal).toHaveLength(1);
    expect(internal[0].content).toMatch(/^Contact details given at intake: /);
    expect(internal[0].content).toContain('Attacker Holdings');
    expect(internal[0].content).toContain('Mallory Impostor');
    expect(internal[0].content).toContain('+1 555 6666');
    // The client does not see the internal note, and is told by mail, with a working sign-in link.
    const mail = await claims.smtp.waitFor(
      (message) => message.to.includes(owner.email) && message.subject.includes(answer.body.claim_number),
    );
    expect(mail.subject).toBe(`A claim was submitted under your email: ${answer.body.claim_number}`);
    expect(mail.text).toContain(`Hello ${before?.contact_name},`);
    const linkToken = /\/portal\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const verified = await call(claims, 'POST', '/api/auth/verify', { body: { token: linkToken } });
    expect(verified.status).toBe(200);
    const portal = await call(claims, 'GET', `/api/claims/${answer.body.claim_number}`, { token: verified.body.session_token });
    expect(portal.status).toBe(200);
    expect(JSON.stringify(portal.body.notes)).not.toContain('Mallory');
    const audit = await claims.db
      .fork()
      .execute("select entity_type, action from claims_audit_entry where entity_type = 'client' and entity_id = ? order by seq", [
        before?.id,
      ]);
    expect(audit).toEqual([{ entity_type: 'client', action: 'create' }]);
  });

  it('accepts the boundaries of the amount range and defaults the debtor type', async () => {
    const low = intakeBody({ amount: 1 });
    const { business_type: _omitted, ...debtor } = low.debtor;
    const answer = await call(claims, 'POST', '/api/intake', { body: { ...low, debtor } });
    expect(answer.status).toBe(201);
    const [row] = await claims.db
      .fork()
      .execute('select d.business_type from claims_claim c join claims_debtor d on d.id = c.debtor_id where c.claim_number = ?', [
        answer.body.claim_number,
      ]);
    expect(row?.business_type).toBe('OTHER');
    expect((await call(claims, 'POST', '/api/intake', { body: intakeBody({ amount: 100_000_000 }) })).status).toBe(201);
  });

  it.each([
    ['amount 0', { amount: 0 }, /amount_cents: must be at least 1/],
    ['amount 100000001', { amount: 100_000_001 }, /amount_cents: must be at most 100000000/],
    ['a float amount', { amount: 12.5 }, /not a decimal/],
  ])('refuses %s and changes nothing', async (_label, overrides, pattern) => {
    await expectRefusedUnchanged(intakeBody(overrides), pattern);
  });

  it('refuses an amount sent as a string', async () => {
    const body = intakeBody();
    await expectRefusedUnchanged({ ...body, claim: { ...body.claim, amount_cents: '2500' } }, /amount_cents/);
  });

  it.each([
    ['an unknown top-level field', (body: any) => ({ ...body, admin: true }), /unknown field\(s\): admin/],
    [
      'an unknown nested field',
      (body: any) => ({ ...body, claim: { ...body.claim, status: 'SETTLED' } }),
      /claim: unknown field\(s\): status/,
    ],
    ['terms not accepted', (body: any) => ({ ...body, tos_accepted: false }), /tos_accepted: the terms must be accepted/],
    ['terms missing', ({ tos_accepted: _t, ...body }: any) => body, /tos_accepted/],
    ['a bad email', (body: any) => ({ ...body, client: { ...body.client, email: 'not-an-email' } }), /client.email: must be a valid email/],
    ['a bad enum', (body: any) => ({ ...body, debtor: { ...body.debtor, business_type: 'GANG' } }), /debtor.business_type/],
    [
      'a bad invoice date',
      (body: any) => ({ ...body, claim: { ...body.claim, invoice_date: '2026-02-30' } }),
      /invoice_date: must be a real calendar date/,
    ],
    [
      'the invoice date of year 0',
      (body: any) => ({ ...body, claim: { ...body.claim, invoice_date: '0000-01-01' } }),
      /claim.invoice_date: must be a real calendar date/,
    ],
    [
      'a missing company name',
      (body: any) => ({ ...body, client: { ...body.client, company_name: '   ' } }),
      /client.company_name: is required/,
    ],
    ['an over-long company name', (body: any) => ({ ...body, client: { ...body.client, company_name: 'x'.repeat(201) } }), /at most 200/],
    ['an over-long description', (body: any) => ({ ...body, claim: { ...body.claim, description: 'x'.repeat(5001) } }), /at most 5000/],
    ['an over-long address', (body: any) => ({ ...body, debtor: { ...body.debtor, physical_address: 'x'.repeat(501) } }), /at most 500/],
    ['an over-long email', (body: any) => ({ ...body, client: { ...body.client, email: `${'x'.repeat(250)}@ex.test` } }), /at most 254/],
    ['an over-long phone', (body: any) => ({ ...body, client: { ...body.client, phone: '1'.repeat(51) } }), /at most 50/],
    [
      'an over-long client reference',
      (body: any) => ({ ...body, claim: { ...body.claim, client_reference: 'r'.repeat(101) } }),
      /at most 100/,
    ],
    [
      'a multi-line address',
      (body: any) => ({ ...body, debtor: { ...body.debtor, physical_address: '1 Main St\nSpringfield' } }),
      /single line/,
    ],
    ['a wrong type for the client section', (body: any) => ({ ...body, client: 'Acme' }), /client/],
  ])('refuses %s and changes nothing', async (_label, mutate, pattern) => {
    await expectRefusedUnchanged(mutate(intakeBody()), pattern);
  });

  it.each([
    ['an SSN in the description', (body: any) => ({ ...body, claim: { ...body.claim, description: 'Owner SSN 123-45-6789' } })],
    ['an SSN without dashes in the debtor name', (body: any) => ({ ...body, debtor: { ...body.debtor, name: 'John 123456789' } })],
    [
      'a card number in the description',
      (body: any) => ({ ...body, claim: { ...body.claim, description: 'paid with 4111 1111 1111 1111' } }),
    ],
    ['a card number in the address', (body: any) => ({ ...body, debtor: { ...body.debtor, physical_address: '4111-1111-1111-1111' } })],
    ['an SSN in the client reference', (body: any) => ({ ...body, claim: { ...body.claim, client_reference: '123-45-6789' } })],
    ['an SSN in full-width digits', (body: any) => ({ ...body, claim: { ...body.claim, description: 'SSN １２３－４５－６７８９' } })],
    ['a card number in Arabic-Indic digits', (body: any) => ({ ...body, debtor: { ...body.debtor, name: 'Payer ٤١١١ ١١١١ ١١١١ ١١١١' } })],
    ['a card number in Devanagari digits', (body: any) => ({ ...body, client: { ...body.client, phone: '४१११४१११४१११४१११' } })],
  ])('refuses %s with the compliance message', async (_label, mutate) => {
    await expectRefusedUnchanged(mutate(intakeBody()), /Social Security numbers or bank account \/ card numbers/);
  });

  it('refuses a body that is not JSON, and one that is too large, without changes', async () => {
    const before = await snapshotCounts(claims);
    const broken = await call(claims, 'POST', '/api/intake', { rawBody: '{"client": ', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toEqual({ code: 'validation_error', message: 'The request body is not valid JSON.' });
    const huge = await call(claims, 'POST', '/api/intake', {
      rawBody: JSON.stringify({ ...intakeBody(), padding: 'x'.repeat(300 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    const wrongType = await call(claims, 'POST', '/api/intake', {
      rawBody: JSON.stringify(intakeBody()),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    const arrayBody = await call(claims, 'POST', '/api/intake', { body: [intakeBody()] });
    expect(arrayBody.status).toBe(400);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('allows 20 intakes per address per hour, then answers 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let index = 0; index < 20; index++) {
      const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody(), ip });
      expect(answer.status).toBe(201);
    }
    const before = await snapshotCounts(claims);
    const limited = await call(claims, 'POST', '/api/intake', { body: intakeBody(), ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await snapshotCounts(claims)).toEqual(before);
    // Another address is not affected.
    expect((await call(claims, 'POST', '/api/intake', { body: intakeBody() })).status).toBe(201);
  });

  it('answers unknown API paths and wrong methods with the error envelope', async () => {
    const unknown = await call(claims, 'GET', '/api/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const wrongMethod = await call(claims, 'DELETE', '/api/intake');
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });
});

describe('GET /api/health', () => {
  it('answers ok with the time and writes nothing', async () => {
    const before = await snapshotCounts(claims);
    const answer = await call(claims, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) });
    expect(await snapshotCounts(claims)).toEqual(before);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every REST path with the input schemas', async () => {
    const answer = await call(claims, 'GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/intake',
        '/api/auth/verify',
        '/api/claims/{claim_number}/documents',
        '/api/staff/claims/{claim_number}',
      ]),
    );
    const intake = answer.body.paths['/api/intake'].post;
    expect(intake.requestBody.content['application/json'].schema.properties.claim.properties.amount_cents).toMatchObject({
      type: 'integer',
      maximum: 100_000_000,
    });
    expect(intake.responses['429']).toBeDefined();
    const list = answer.body.paths['/api/staff/claims'].get;
    expect(list.security).toEqual([{ staffKey: [] }]);
    expect(answer.body.paths['/api/claims'].get.security).toEqual([{ session: [] }]);
    expect(answer.body.components.securitySchemes.staffKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-Staff-Key' });
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['status', 'tier', 'q', 'limit', 'offset']),
    );
  });
});
