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

const uniqueCompany = () => `Assignia ${letterTag()}`;

const file = async (company: string) => {
  const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody({ company }) });
  expect(answer.status).toBe(201);

  return answer.body.claim_number as string;
};

const patch = (claimNumber: string, body: unknown, auth: { token?: string; staff?: boolean } = { staff: true }) =>
  call(claims, 'PATCH', `/api/staff/claims/${claimNumber}`, { ...auth, body });

const listed = async (query: string, auth: { token?: string; staff?: boolean } = { staff: true }) => {
  const answer = await call(claims, 'GET', `/api/staff/claims?${query}`, auth);
  expect(answer.status).toBe(200);

  return answer.body as { claims: { claim_number: string; assignee: { id: string; name: string } | null }[]; total: number };
};

describe('the assignee of a claim', () => {
  it('is set, changed and cleared on one claim, each step audited with the old and new member', async () => {
    const claimNumber = await file(uniqueCompany());
    const rita = await addStaffMember(claims, { name: 'Rita Ross' });
    const sam = await addStaffMember(claims, { name: 'Sam Stone' });

    const fresh = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(fresh.body.assignee).toBeNull();

    const given = await patch(claimNumber, { assignee_id: rita.id, reason: 'her patch' });
    expect(given.status).toBe(200);
    expect(given.body.assignee).toEqual({ id: rita.id, name: 'Rita Ross' });
    expect(given.body.status).toBe('NEW');

    const moved = await patch(claimNumber, { assignee_id: sam.id });
    expect(moved.body.assignee).toEqual({ id: sam.id, name: 'Sam Stone' });

    const cleared = await patch(claimNumber, { assignee_id: null, reason: 'back to the pool' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.assignee).toBeNull();

    const assigns = (cleared.body.audit as AuditEntry[])
      .filter((entry) => entry.action === 'assign')
      .map((entry) => [entry.old_value, entry.new_value, entry.reason]);
    expect(assigns).toEqual(
      expect.arrayContaining([
        [null, rita.id, 'her patch'],
        [rita.id, sam.id, null],
        [sam.id, null, 'back to the pool'],
      ]),
    );
    expect(assigns).toHaveLength(3);
  });

  it('giving a claim to whom it already has writes nothing', async () => {
    const claimNumber = await file(uniqueCompany());
    const rita = await addStaffMember(claims, { name: 'Rita Again' });
    expect((await patch(claimNumber, { assignee_id: rita.id })).status).toBe(200);
    const before = await snapshotCounts(claims);
    expect((await patch(claimNumber, { assignee_id: rita.id })).status).toBe(200);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('refuses an unknown member (400) and a deactivated one (409), changing nothing', async () => {
    const claimNumber = await file(uniqueCompany());
    const gone = await addStaffMember(claims, { name: 'Gone Gus' });
    expect((await call(claims, 'POST', `/api/staff/members/${gone.id}/deactivate`, { staff: true })).status).toBe(200);
    const before = await snapshotCounts(claims);

    const unknown = await patch(claimNumber, { assignee_id: '0b7e3c2a-1d4f-4a6b-8c9d-0e1f2a3b4c5d', status: 'ACTIVE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/no staff member/);
    const inactive = await patch(claimNumber, { assignee_id: gone.id, status: 'ACTIVE' });
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.message).toContain('Gone Gus');
    for (const body of [{ assignee_id: 'Rita' }, { assignee_id: 5 }, { assignee_id: '' }]) {
      expect((await patch(claimNumber, body)).status).toBe(400);
    }
    expect(await snapshotCounts(claims)).toEqual(before);
    const detail = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(detail.body.status).toBe('NEW');
    expect(detail.body.assignee).toBeNull();
  });
});

describe('the staff list by assignee', () => {
  it('filters by a member, by nobody and by the signed-in member; the export follows', async () => {
    const company = uniqueCompany();
    const q = `q=${encodeURIComponent(company)}`;
    const [first, second, third] = [await file(company), await file(company), await file(company)];
    const { member, token } = await staffMemberSession(claims, { name: 'Lee List' });
    const other = await addStaffMember(claims, { name: 'Oda Other' });
    expect((await patch(first ?? '', { assignee_id: member.id })).status).toBe(200);
    expect((await patch(second ?? '', { assignee_id: other.id })).status).toBe(200);

    const all = await listed(q);
    expect(all.total).toBe(3);
    expect(Object.fromEntries(all.claims.map((claim) => [claim.claim_number, claim.assignee]))).toEqual({
      [first ?? '']: { id: member.id, name: 'Lee List' },
      [second ?? '']: { id: other.id, name: 'Oda Other' },
      [third ?? '']: null,
    });
    expect((await listed(`${q}&assignee=${member.id}`)).claims.map((claim) => claim.claim_number)).toEqual([first]);
    expect((await listed(`${q}&assignee=none`)).claims.map((claim) => claim.claim_number)).toEqual([third]);
    expect((await listed(`${q}&assignee=me`, { token })).claims.map((claim) => claim.claim_number)).toEqual([first]);

    const csv = await fetch(`${claims.url}/api/staff/claims/export?${q}&assignee=${other.id}`, {
      headers: { 'X-Staff-Key': claims.staffKey },
    });
    expect(csv.status).toBe(200);
    // No value of these rows holds a comma or a quote, so a split reads the CSV.
    const [header, ...records] = (await csv.text())
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header?.at(-1)).toBe('assignee');
    expect(records.map((record) => [record[0], record.at(-1)])).toEqual([[second, 'Oda Other']]);
  });

  it('refuses assignee=me for the shared key, and an assignee that is neither an id, none nor me', async () => {
    expect((await call(claims, 'GET', '/api/staff/claims?assignee=me', { staff: true })).status).toBe(400);
    const bad = await call(claims, 'GET', `/api/staff/claims?assignee=${encodeURIComponent("' or 1=1 --")}`, { staff: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/assignee/);
  });
});
