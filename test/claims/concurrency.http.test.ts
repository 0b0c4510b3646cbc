import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, freshIp, intakeBody, submitAndSignIn } from '../support/claims-client.ts';
import { PDF_BYTES, uploadForm } from '../support/multipart.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

describe('numbering under load', () => {
  it('gives 100 parallel intakes 100 distinct, gap-free claim numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_unused, index) =>
        // Every tenth intake reuses one client, so client creation races too.
        call(claims, 'POST', '/api/intake', { body: intakeBody(index % 10 === 0 ? { email: 'shared@example.test' } : {}) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(201));
    const year = new Date().getUTCFullYear();
    const counters = answers.map((answer) => Number(/^CLM-(\d{4})-(\d{4})$/.exec(answer.body.claim_number)?.[2])).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 100 }, (_unused, index) => index + 1));
    expect(answers.every((answer) => answer.body.claim_number.startsWith(`CLM-${year}-`))).toBe(true);
    // An anonymous intake is not told its client's number; the claims' rows hold it.
    const rows = await claims.db
      .fork()
      .execute<{ claim_number: string; client_number: string }[]>(
        'select c.claim_number, k.client_number from claims_claim c join claims_client k on k.id = c.client_id',
      );
    const clientOf = new Map(rows.map((row) => [row.claim_number, row.client_number]));
    const clientNumbers = answers.map((answer) => clientOf.get(answer.body.claim_number) ?? '');
    const sharedClients = new Set(clientNumbers.filter((_number, index) => index % 10 === 0));
    expect(sharedClients.size).toBe(1);
    const clientCounters = [...new Set(clientNumbers)].map((number) => Number(number.slice(-4))).sort((a, b) => a - b);
    expect(clientCounters).toEqual(Array.from({ length: 91 }, (_unused, index) => index + 1));
  });
});

describe('concurrent writes to one claim wait for each other', () => {
  it('stores all of 20 parallel uploads to one claim (under the cap), each with its audit row', async () => {
    const { claimNumber, token } = await submitAndSignIn(claims);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        uploadForm(
          `${claims.url}${index % 2 === 0 ? `/api/claims/${claimNumber}/documents` : `/api/staff/claims/${claimNumber}/documents`}`,
          { files: [{ name: `part-${index}.pdf`, type: 'application/pdf', content: PDF_BYTES }] },
          index % 2 === 0
            ? { Authorization: `Bearer ${token}`, 'X-Forwarded-For': freshIp() }
            : { 'X-Staff-Key': claims.staffKey, 'X-Forwarded-For': freshIp() },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const staff = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(staff.body.documents.map((document: { original_name: string }) => document.original_name).sort()).toEqual(
      Array.from({ length: 20 }, (_unused, index) => `part-${index}.pdf`).sort(),
    );
    const [uploads] = await claims.db
      .fork()
      .execute("select count(*)::int as n from claims_audit_entry where claim_id = ? and action = 'upload'", [staff.body.id]);
    expect(uploads?.n).toBe(20);
  });

  it('applies all of 10 parallel staff changes of one claim in some order, each with its audit row', async () => {
    const intake = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
    const claimNumber = intake.body.claim_number as string;
    // Every change differs from the claim's start and from every other one, so each must leave a trace.
    const changes = [
      ...['UNDER_REVIEW', 'ACTIVE', 'NEGOTIATION', 'LEGAL', 'SETTLED', 'CLOSED', 'WRITE_OFF', 'REJECTED'].map((status) => ({ status })),
      { tier: 'TIER_2' },
      { tier: 'TIER_3' },
    ];
    const answers = await Promise.all(
      changes.map((change, index) =>
        call(claims, 'PATCH', `/api/staff/claims/${claimNumber}`, { staff: true, body: { ...change, reason: `change ${index}` } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const detail = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    const audit: { field: string; old_value: string; new_value: string; reason: string }[] = await claims.db
      .fork()
      .execute(
        "select field, old_value, new_value, reason from claims_audit_entry where claim_id = ? and action in ('status_change', 'update') order by seq",
        [detail.body.id],
      );
    expect(audit.map((row) => row.reason).sort()).toEqual(changes.map((_change, index) => `change ${index}`).sort());
    // Serialised: each change starts from what the one before it left, and the claim shows the last.
    for (const field of ['status', 'tier']) {
      const chain = audit.filter((row) => row.field === field);
      chain.forEach((row, index) =>
        expect(row.old_value).toBe(index === 0 ? (field === 'status' ? 'NEW' : 'TIER_1') : chain[index - 1]?.new_value),
      );
      expect(detail.body[field]).toBe(chain.at(-1)?.new_value);
    }
  });
});
