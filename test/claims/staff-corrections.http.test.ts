import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody, snapshotCounts, submitAndSignIn, type AuditEntry } from '../support/claims-client.ts';
import { staffMemberSession } from '../support/claims-staff.ts';

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

const correct = (claimNumber: string, body: unknown, auth: { token?: string; staff?: boolean | string } = { staff: true }) =>
  call(claims, 'PATCH', `/api/staff/claims/${claimNumber}/details`, { ...auth, body });

const detail = async (claimNumber: string) => {
  const answer = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
  expect(answer.status).toBe(200);

  return answer.body;
};

const corrections = (audit: AuditEntry[]) => audit.filter((entry) => entry.action === 'correction');

/** The claim's details and every table's row count, to prove a refused correction changed nothing. */
const stateOf = async (claimNumber: string) => {
  const { audit: _audit, ...claim } = await detail(claimNumber);

  return { claim, counts: await snapshotCounts(claims) };
};

describe('PATCH /api/staff/claims/{claim_number}/details', () => {
  it('corrects the amount and the debtor, records one audit row with old and new values, and the claim shows the new values', async () => {
    const claimNumber = await submit({ debtor: 'Wrong Name LLC' });
    const rita = await staffMemberSession(claims, { name: 'Rita Ross' });
    const answer = await correct(
      claimNumber,
      {
        amount_cents: 312_550,
        invoice_date: '2026-01-20',
        debtor: { name: 'Right Name LLC', contact_email: 'AP@Right.TEST', physical_address: '' },
        reason: 'The client sent the corrected invoice',
      },
      { token: rita.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      claim_number: claimNumber,
      amount_cents: 312_550,
      amount_display: '$3,125.50',
      invoice_date: '2026-01-20',
      description: 'Unpaid invoice for shelving',
      debtor: { name: 'Right Name LLC', contact_email: 'ap@right.test', physical_address: null, business_type: 'LLC' },
    });

    const [row, ...others] = corrections(answer.body.audit);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      field: 'amount_cents,invoice_date,debtor.name,debtor.contact_email,debtor.physical_address',
      actor: rita.member.email,
      reason: 'The client sent the corrected invoice',
      changes: [
        { field: 'amount_cents', old_value: 250_000, new_value: 312_550 },
        { field: 'invoice_date', old_value: '2026-01-15', new_value: '2026-01-20' },
        { field: 'debtor.name', old_value: 'Wrong Name LLC', new_value: 'Right Name LLC' },
        { field: 'debtor.contact_email', old_value: null, new_value: 'ap@right.test' },
        { field: 'debtor.physical_address', old_value: '1 Main St, Springfield', new_value: null },
      ],
    });
    expect(JSON.parse(row?.old_value ?? '')).toMatchObject({ amount_cents: 250_000, 'debtor.name': 'Wrong Name LLC' });
    expect(JSON.parse(row?.new_value ?? '')).toMatchObject({ amount_cents: 312_550, 'debtor.name': 'Right Name LLC' });

    // A fresh read shows the new values, and the audit path shows the same row.
    expect(await detail(claimNumber)).toMatchObject({ amount_cents: 312_550, debtor: { name: 'Right Name LLC' } });
    const audit = await call(claims, 'GET', '/api/staff/audit?entity_type=claim&limit=500', { staff: true });
    expect(audit.status).toBe(200);
    expect((audit.body.entries as (AuditEntry & { id: string })[]).find((entry) => entry.id === (row as { id?: string }).id)).toEqual(row);

    // The staff search finds the claim by the debtor's new name.
    const found = await call(claims, 'GET', `/api/staff/claims?q=${encodeURIComponent('Right Name')}`, { staff: true });
    expect((found.body.claims as { claim_number: string }[]).map((claim) => claim.claim_number)).toContain(claimNumber);
  });

  it('records only the fields that change, and the shared key as "API key"', async () => {
    const claimNumber = await submit();
    const answer = await correct(claimNumber, {
      amount_cents: 250_000,
      description: 'Unpaid invoice for shelving',
      client_reference: 'INV-78',
      debtor: { name: 'Slow Payer LLC', business_type: 'CORPORATION' },
      reason: 'Reference and type were misread',
    });
    expect(answer.status).toBe(200);
    expect(corrections(answer.body.audit)).toEqual([
      expect.objectContaining({
        field: 'client_reference,debtor.business_type',
        actor: 'API key',
        changes: [
          { field: 'client_reference', old_value: 'INV-77', new_value: 'INV-78' },
          { field: 'debtor.business_type', old_value: 'LLC', new_value: 'CORPORATION' },
        ],
      }),
    ]);
  });

  it('answers 409 conflict when every value given is already the current one, and records nothing', async () => {
    const claimNumber = await submit();
    const before = await stateOf(claimNumber);
    const answer = await correct(claimNumber, { amount_cents: 250_000, debtor: { contact_phone: null }, reason: 'double check' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/Nothing to correct/) });
    expect(await stateOf(claimNumber)).toEqual(before);
  });

  it('answers 404 not_found for a claim that does not exist', async () => {
    const answer = await correct('CLM-2020-9999', { amount_cents: 100, reason: 'x' });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });

  it('answers 403 forbidden without a staff credential, with a wrong key or with a client session, and changes nothing', async () => {
    const client = await submitAndSignIn(claims);
    const before = await stateOf(client.claimNumber);
    for (const auth of [{}, { staff: 'wrong-key' }, { token: client.token }, { token: 'not-a-session' }]) {
      const answer = await correct(client.claimNumber, { amount_cents: 1, reason: 'mine' }, auth);
      expect(answer.status, JSON.stringify(auth)).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
    expect(await stateOf(client.claimNumber)).toEqual(before);
  });

  const refused: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown field', { amount_cents: 1, colour: 'red' }, /colour/],
    ['a social security number field', { ssn: '123-45-6789' }, /ssn/],
    ['a bank account field on the debtor', { debtor: { bank_account_number: '000123456789' } }, /bank_account_number/],
    ['a card number field', { card_number: '4111111111111111' }, /card_number/],
    ['the status, which has its own PATCH', { status: 'ACTIVE' }, /status/],
    ['the currency', { currency: 'EUR' }, /currency/],
    ['the client details', { client: { email: 'someone@example.test' } }, /client/],
    ['an SSN in the description', { description: 'Owner SSN 123-45-6789' }, /Social Security/],
    ['a card number in the debtor address', { debtor: { physical_address: 'card 4111 1111 1111 1111' } }, /Social Security/],
    ['an amount as text', { amount_cents: '1000' }, /whole number/],
    ['a decimal amount', { amount_cents: 10.5 }, /whole number/],
    ['a zero amount', { amount_cents: 0 }, /at least 1/],
    ['an amount over the limit', { amount_cents: 100_000_001 }, /at most/],
    ['a debtor name as a number', { debtor: { name: 42 } }, /debtor\.name|string/],
    ['a cleared debtor name', { debtor: { name: null } }, /debtor\.name|string/],
    ['a debtor given as text', { debtor: 'Acme' }, /debtor/],
    ['a line break in the debtor name', { debtor: { name: 'Acme\nInjected line' } }, /single line/],
    ['a control character in the debtor phone', { debtor: { contact_phone: '555\u001b[2J' } }, /single line/],
    ['a line separator in the client reference', { client_reference: 'INV\u2028-1' }, /single line/],
    ['a NUL in the description', { description: 'a\u0000b' }, /NUL/],
    ['a bad debtor email', { debtor: { contact_email: 'nobody' } }, /valid email/],
    ['an unknown business type', { debtor: { business_type: 'TRUST' } }, /business_type/],
    ['an impossible invoice date', { invoice_date: '2026-02-30' }, /calendar date/],
    ['an overlong description', { description: 'x'.repeat(5001) }, /at most 5000/],
    ['an overlong debtor name', { debtor: { name: 'n'.repeat(201) } }, /at most 200/],
    ['an overlong reason', { amount_cents: 1, reason: 'r'.repeat(1001) }, /at most 1000/],
    ['no reason', { amount_cents: 1, reason: undefined }, /reason/],
    ['a blank reason', { amount_cents: 1, reason: '   ' }, /reason/],
    ['nothing to correct', {}, /at least one detail/],
    ['an empty debtor', { debtor: {} }, /at least one detail/],
  ];

  it.each(refused)('refuses %s with 400 validation_error and changes nothing', async (_label, fields, message) => {
    const claimNumber = await submit();
    const before = await stateOf(claimNumber);
    const answer = await correct(claimNumber, { reason: 'correction', ...fields });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    expect(JSON.stringify(answer.body.error)).toMatch(message);
    expect(await stateOf(claimNumber)).toEqual(before);
  });

  it('refuses a body over the size limit with 413 and changes nothing', async () => {
    const claimNumber = await submit();
    const before = await stateOf(claimNumber);
    const answer = await correct(claimNumber, { description: 'x'.repeat(300 * 1024), reason: 'big' });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    expect(await stateOf(claimNumber)).toEqual(before);
  });

  it('refuses a claim number that cannot exist before any lookup', async () => {
    const answer = await correct('not-a-claim', { amount_cents: 1, reason: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
  });

  it('applies two corrections of one claim one after the other, each against what the other left', async () => {
    const claimNumber = await submit();
    const [first, second] = await Promise.all([
      correct(claimNumber, { amount_cents: 111, reason: 'first' }),
      correct(claimNumber, { amount_cents: 222, reason: 'second' }),
    ]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    const rows = corrections((await detail(claimNumber)).audit);
    expect(rows).toHaveLength(2);
    // Whichever ran second saw the other's amount as its old value.
    const [earlier, later] = rows;
    expect(later?.changes?.[0]?.old_value).toBe(earlier?.changes?.[0]?.new_value);
    expect((await detail(claimNumber)).amount_cents).toBe(later?.changes?.[0]?.new_value);
  });
});
