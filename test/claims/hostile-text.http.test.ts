import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody, snapshotCounts, submitAndSignIn, type Answer } from '../support/claims-client.ts';
import { PDF_BYTES, uploadForm } from '../support/multipart.ts';
import { gql } from './graphql-support.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

const NUL = '\u0000';

/** Every row the request could have touched, so a refusal is shown to have changed nothing at all. */
const snapshotRows = async (claimNumber: string) => {
  const em = claims.db.fork();
  const [claim] = await em.execute('select * from claims_claim where claim_number = ?', [claimNumber]);
  const [client] = await em.execute('select * from claims_client where id = ?', [claim?.client_id]);
  const [debtor] = await em.execute('select * from claims_debtor where id = ?', [claim?.debtor_id]);

  return { counts: await snapshotCounts(claims), claim, client, debtor };
};

const expectRefused = async (claimNumber: string, attempt: () => Promise<Answer>, label: string) => {
  const before = await snapshotRows(claimNumber);
  const answer = await attempt();
  expect(answer.status, label).toBe(400);
  expect(answer.body, label).toEqual({ error: { code: 'validation_error', message: expect.any(String) } });
  expect(await snapshotRows(claimNumber), label).toEqual(before);

  return answer;
};

describe('a NUL character in free text', () => {
  it.each([
    ['client.company_name', (body: any) => (body.client.company_name = `Acme${NUL}`)],
    ['client.contact_name', (body: any) => (body.client.contact_name = `${NUL}Ann`)],
    ['client.email', (body: any) => (body.client.email = `a${NUL}${body.client.email}`)],
    ['client.phone', (body: any) => (body.client.phone = `555${NUL}0100`)],
    ['debtor.name', (body: any) => (body.debtor.name = `Slow${NUL}Payer`)],
    ['debtor.contact_email', (body: any) => (body.debtor.contact_email = `x${NUL}@example.test`)],
    ['debtor.contact_phone', (body: any) => (body.debtor.contact_phone = NUL)],
    ['debtor.physical_address', (body: any) => (body.debtor.physical_address = `1 Main St${NUL}`)],
    ['claim.description', (body: any) => (body.claim.description = `Unpaid${NUL}invoice`)],
    ['claim.client_reference', (body: any) => (body.claim.client_reference = `INV${NUL}77`)],
    ['claim.invoice_date', (body: any) => (body.claim.invoice_date = `2026-01-15${NUL}`)],
    ['captcha_token', (body: any) => (body.captcha_token = `t${NUL}`)],
  ])('in intake %s is a 400 validation_error that reuses nothing and creates nothing', async (field, spoil) => {
    // An existing client's email: a refused intake must not even touch that client's contact fields.
    const existing = await submitAndSignIn(claims);
    const body = intakeBody({ email: existing.email, company: 'Changed Co' });
    spoil(body);
    const answer = await expectRefused(existing.claimNumber, () => call(claims, 'POST', '/api/intake', { body }), field);
    expect(answer.body.error.message).toContain(field);
  });

  it('in a client message is a 400 validation_error and no note, audit row or mail', async () => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    const mailsBefore = claims.smtp.messages.length;
    await expectRefused(
      claimNumber,
      () => call(claims, 'POST', `/api/claims/${claimNumber}/messages`, { token, body: { subject: 'Other', content: `hello${NUL}there` } }),
      'message content',
    );
    // Every mail is in the outbox before its request is answered: no row of the message now means no mail ever.
    const queued = await claims.db
      .fork()
      .execute("select count(*)::int as n from mail_outbox where kind = 'client_message' and subject like ?", [`%${claimNumber}%`]);
    expect(queued[0]?.n).toBe(0);
    expect(
      claims.smtp.messages.slice(mailsBefore).some((mail) => mail.subject.includes(claimNumber) && mail.to.includes('team@claims.test')),
    ).toBe(false);
  });

  it.each([
    ['content', { content: `call${NUL}debtor` }],
    ['author_name', { content: 'call debtor', author_name: `Dana${NUL}` }],
  ])('in a staff note %s is a 400 validation_error and no note', async (label, body) => {
    const { claimNumber } = await submitAndSignIn(claims);
    await expectRefused(claimNumber, () => call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, { staff: true, body }), label);
  });

  it('in the reason of a staff change is a 400 validation_error and the status stays', async () => {
    const { claimNumber } = await submitAndSignIn(claims);
    await expectRefused(
      claimNumber,
      () => call(claims, 'PATCH', `/api/staff/claims/${claimNumber}`, { staff: true, body: { status: 'ACTIVE', reason: `ok${NUL}` } }),
      'reason',
    );
  });

  it.each(['%00', 'Acme%00', '%00%25'])('in the staff search q=%s is a 400 validation_error', async (q) => {
    const { claimNumber } = await submitAndSignIn(claims);
    await expectRefused(claimNumber, () => call(claims, 'GET', `/api/staff/claims?q=${q}`, { staff: true }), q);
  });
});

describe('a line break or control character in a single-line field', () => {
  it.each([
    ['client.company_name', (body: any) => (body.client.company_name = 'Acme\nBcc: someone@example.test')],
    ['client.contact_name', (body: any) => (body.client.contact_name = 'Ann\r\nExample')],
    ['client.phone', (body: any) => (body.client.phone = '555\n0100')],
    ['debtor.name', (body: any) => (body.debtor.name = 'Slow Payer\rLLC')],
    ['debtor.contact_phone', (body: any) => (body.debtor.contact_phone = '555\t0100')],
    ['debtor.physical_address', (body: any) => (body.debtor.physical_address = '1 Main St\u2028Springfield')],
    ['claim.client_reference', (body: any) => (body.claim.client_reference = 'INV\u001b[2J77')],
  ])('in intake %s is a 400 naming the field, and nothing is created or changed', async (field, spoil) => {
    const existing = await submitAndSignIn(claims);
    const body = intakeBody({ email: existing.email, company: 'Changed Co' });
    spoil(body);
    const answer = await expectRefused(existing.claimNumber, () => call(claims, 'POST', '/api/intake', { body }), field);
    expect(answer.body.error.message).toContain(field);
    expect(answer.body.error.message).toContain('single line');
  });

  it('in a staff note author_name is a 400 naming the field and no note', async () => {
    const { claimNumber } = await submitAndSignIn(claims);
    const answer = await expectRefused(
      claimNumber,
      () =>
        call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, {
          staff: true,
          body: { content: 'called the debtor', author_name: 'Dana\nSubject: urgent' },
        }),
      'author_name',
    );
    expect(answer.body.error.message).toContain('author_name');
  });

  it('leaves multi-line free text alone: a description and a note may have lines', async () => {
    const body = intakeBody();
    body.claim.description = 'Invoice 77\nInvoice 78';
    const answer = await call(claims, 'POST', '/api/intake', { body });
    expect(answer.status).toBe(201);
    const note = await call(claims, 'POST', `/api/staff/claims/${answer.body.claim_number}/notes`, {
      staff: true,
      body: { content: 'line one\nline two' },
    });
    expect(note.status).toBe(201);
  });
});

describe('a claim number in the path', () => {
  const malformed = [
    '%00',
    'CLM-2026-0001%00',
    '%00CLM-2026-0001',
    'nope',
    'CLM-26-1',
    'clm-2026-0001',
    'CLM-2026-001',
    'CLM-2026-0001%20',
    'CLM-2026-0001.pdf',
  ];

  it.each(malformed)('%s is a 400 validation_error on every client path', async (raw) => {
    const { token, claimNumber } = await submitAndSignIn(claims);
    await expectRefused(claimNumber, () => call(claims, 'GET', `/api/claims/${raw}`, { token }), `GET ${raw}`);
    await expectRefused(
      claimNumber,
      () => call(claims, 'POST', `/api/claims/${raw}/messages`, { token, body: { subject: 'Other', content: 'hello' } }),
      `message ${raw}`,
    );
    await expectRefused(
      claimNumber,
      () => call(claims, 'GET', `/api/claims/${raw}/documents/00000000-0000-4000-8000-000000000000`, { token }),
      `download ${raw}`,
    );
    await expectRefused(
      claimNumber,
      () =>
        uploadForm(
          `${claims.url}/api/claims/${raw}/documents`,
          { files: [{ name: 'a.pdf', type: 'application/pdf', content: PDF_BYTES }] },
          {
            Authorization: `Bearer ${token}`,
          },
        ),
      `upload ${raw}`,
    );
  });

  it.each(malformed)('%s is a 400 validation_error on every staff path', async (raw) => {
    const { claimNumber } = await submitAndSignIn(claims);
    await expectRefused(claimNumber, () => call(claims, 'GET', `/api/staff/claims/${raw}`, { staff: true }), `GET ${raw}`);
    await expectRefused(
      claimNumber,
      () => call(claims, 'PATCH', `/api/staff/claims/${raw}`, { staff: true, body: { status: 'ACTIVE' } }),
      `PATCH ${raw}`,
    );
    await expectRefused(
      claimNumber,
      () => call(claims, 'POST', `/api/staff/claims/${raw}/notes`, { staff: true, body: { content: 'x' } }),
      `note ${raw}`,
    );
    await expectRefused(
      claimNumber,
      () =>
        uploadForm(
          `${claims.url}/api/staff/claims/${raw}/documents`,
          { files: [{ name: 'a.pdf', type: 'application/pdf', content: PDF_BYTES }] },
          {
            'X-Staff-Key': claims.staffKey,
          },
        ),
      `upload ${raw}`,
    );
  });

  it('still needs credentials first: a malformed number does not tell a stranger anything', async () => {
    expect((await call(claims, 'GET', '/api/claims/%00')).status).toBe(401);
    expect((await call(claims, 'GET', '/api/staff/claims/%00', { staff: 'wrong-key' })).status).toBe(403);
  });

  it('a well-formed number that does not exist is still a 404 not_found', async () => {
    const { token } = await submitAndSignIn(claims);
    expect((await call(claims, 'GET', '/api/claims/CLM-2099-9999', { token })).body.error.code).toBe('not_found');
    expect((await call(claims, 'GET', '/api/staff/claims/CLM-2099-99999', { staff: true })).body.error.code).toBe('not_found');
  });
});

describe('the same input through GraphQL', () => {
  it.each([
    ['a NUL in claimNumber', 'query($n: String!) { claim(claimNumber: $n) { claimNumber } }', { n: `CLM-2026-0001${NUL}` }, 'claim'],
    ['a malformed claimNumber', 'query($n: String!) { claim(claimNumber: $n) { claimNumber } }', { n: 'nope' }, 'claim'],
    ['a NUL in search', 'query($s: String) { claims(filter: { search: $s }) { totalCount } }', { s: `Acme${NUL}` }, 'claims'],
  ])('refuses %s as a validation_error, not an internal one', async (_label, query, variables, field) => {
    const before = claims.logLines.length;
    const answer = await gql(claims, query, { variables });
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: [field], extensions: { code: 'validation_error' } })]);
    expect(answer.body.data?.[field] ?? null).toBeNull();
    // Nothing unexpected happened, so nothing was logged as a failure.
    expect(claims.logLines.slice(before).join('\n')).not.toMatch(/"level":50/);
  });
});
