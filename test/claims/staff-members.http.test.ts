import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';
import { addStaffMember, signInStaff, staffMemberSession } from '../support/claims-staff.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

const submit = async () => {
  const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
  expect(answer.status).toBe(201);

  return answer.body.claim_number as string;
};

const trailOf = async (claimNumber: string, token?: string) => {
  const detail = await call(claims, 'GET', `/api/staff/claims/${claimNumber}`, token ? { token } : { staff: true });
  expect(detail.status).toBe(200);

  return detail.body.audit as { action: string; field: string | null; actor: string; new_value: string | null }[];
};

describe('named staff members', () => {
  it('a member invited with the key signs in by mail and works under their own name', async () => {
    const { member, token } = await staffMemberSession(claims, { name: 'Rita Ross' });
    const me = await call(claims, 'GET', '/api/staff/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ kind: 'member', name: 'Rita Ross', email: member.email, is_admin: false });

    const claimNumber = await submit();
    expect(
      (await call(claims, 'PATCH', `/api/staff/claims/${claimNumber}`, { token, body: { status: 'UNDER_REVIEW', reason: 'first look' } }))
        .status,
    ).toBe(200);
    const note = await call(claims, 'POST', `/api/staff/claims/${claimNumber}/notes`, { token, body: { content: 'Called the debtor' } });
    expect(note.status).toBe(201);
    expect(note.body.author_name).toBe('Rita Ross');
    const trail = await trailOf(claimNumber, token);
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'status_change', actor: member.email }),
        expect.objectContaining({ action: 'note_add', actor: member.email }),
      ]),
    );
  });

  it('the shared key keeps working and is recorded as "API key"', async () => {
    const claimNumber = await submit();
    expect((await call(claims, 'PATCH', `/api/staff/claims/${claimNumber}`, { staff: true, body: { tier: 'TIER_2' } })).status).toBe(200);
    const trail = await trailOf(claimNumber);
    expect(trail).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'update', field: 'tier', actor: 'API key' })]));
    expect((await call(claims, 'GET', '/api/staff/me', { staff: true })).body).toEqual({
      kind: 'api_key',
      name: 'API key',
      email: null,
      is_admin: true,
    });
  });

  it('an export is recorded under the person who took it', async () => {
    const { member, token } = await staffMemberSession(claims);
    const exported = await call(claims, 'GET', '/api/staff/claims/export?status=LEGAL', { token });
    expect(exported.status).toBe(200);
    const audit = await call(claims, 'GET', '/api/staff/audit?entity_type=export', { staff: true });
    expect(audit.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'export', actor: member.email, new_value: expect.stringContaining('LEGAL') }),
      ]),
    );
  });

  it('deactivating a member ends their sessions at once, and they get no new link', async () => {
    const { member, token } = await staffMemberSession(claims);
    const second = await signInStaff(claims, member.email);
    expect((await call(claims, 'GET', '/api/staff/claims', { token })).status).toBe(200);
    const deactivated = await call(claims, 'POST', `/api/staff/members/${member.id}/deactivate`, { staff: true });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: member.id, active: false, deactivated_at: expect.stringMatching(/Z$/) });
    for (const session of [token, second]) {
      const refused = await call(claims, 'GET', '/api/staff/claims', { token: session });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
    const mails = claims.smtp.messages.length;
    expect((await call(claims, 'POST', '/api/staff/auth/request', { body: { email: member.email } })).status).toBe(200);
    // Deactivating twice changes nothing more.
    expect((await call(claims, 'POST', `/api/staff/members/${member.id}/deactivate`, { staff: true })).body.deactivated_at).toBe(
      deactivated.body.deactivated_at,
    );
    expect(claims.smtp.messages.slice(mails).filter((mail) => mail.to.includes(member.email))).toEqual([]);
  });

  it('a link mailed before deactivation opens no session after it', async () => {
    const member = await addStaffMember(claims);
    const before = claims.smtp.messages.length;
    await call(claims, 'POST', '/api/staff/auth/request', { body: { email: member.email } });
    const mail = await claims.smtp.waitFor(
      (message) => message.to.includes(member.email) && claims.smtp.messages.indexOf(message) >= before,
    );
    const rawToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    await call(claims, 'POST', `/api/staff/members/${member.id}/deactivate`, { staff: true });
    const verify = await call(claims, 'POST', '/api/staff/auth/verify', { body: { token: rawToken } });
    expect(verify.status).toBe(401);
  });

  it('a session lasts eight hours', async () => {
    const { token } = await staffMemberSession(claims);
    claims.setNow(new Date(Date.now() + 7.9 * 3_600_000));
    expect((await call(claims, 'GET', '/api/staff/me', { token })).status).toBe(200);
    claims.setNow(new Date(Date.now() + 8.1 * 3_600_000));
    expect((await call(claims, 'GET', '/api/staff/me', { token })).status).toBe(403);
    claims.setNow(null);
  });

  it('logging out ends only that session', async () => {
    const { member, token } = await staffMemberSession(claims);
    const other = await signInStaff(claims, member.email);
    expect((await call(claims, 'POST', '/api/staff/auth/logout', { token })).status).toBe(200);
    expect((await call(claims, 'GET', '/api/staff/me', { token })).status).toBe(403);
    expect((await call(claims, 'GET', '/api/staff/me', { token: other })).status).toBe(200);
  });

  it('only administrators and the key manage members; no one deactivates themselves', async () => {
    const plain = await staffMemberSession(claims);
    const admin = await staffMemberSession(claims, { admin: true });
    const refused = await call(claims, 'POST', '/api/staff/members', {
      token: plain.token,
      body: { email: 'new@agency.test', name: 'New' },
    });
    expect(refused.status).toBe(403);
    expect((await call(claims, 'POST', `/api/staff/members/${admin.member.id}/deactivate`, { token: plain.token })).status).toBe(403);
    const self = await call(claims, 'POST', `/api/staff/members/${admin.member.id}/deactivate`, { token: admin.token });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('conflict');
    const added = await call(claims, 'POST', '/api/staff/members', {
      token: admin.token,
      body: { email: `Added${Date.now()}@Agency.test`, name: 'Added By Admin' },
    });
    expect(added.status).toBe(201);
    expect(added.body.email).toMatch(/^added\d+@agency\.test$/);
    const list = await call(claims, 'GET', '/api/staff/members', { token: plain.token });
    expect(list.status).toBe(200);
    expect(list.body.members.map((entry: { id: string }) => entry.id)).toEqual(
      expect.arrayContaining([plain.member.id, admin.member.id, added.body.id]),
    );
  });

  it('refuses a taken e-mail, bad input, an unknown member, and a client session, changing nothing', async () => {
    const member = await addStaffMember(claims);
    const { token: clientToken } = await submitAndSignIn(claims);
    const before = await snapshotCounts(claims);
    const taken = await call(claims, 'POST', '/api/staff/members', {
      staff: true,
      body: { email: member.email.toUpperCase(), name: 'Twin' },
    });
    expect(taken.status).toBe(409);
    for (const body of [
      { email: 'x@agency.test' },
      { email: 'nope', name: 'N' },
      { email: 'x@agency.test', name: 'N', role: 'owner' },
      { email: 'x@agency.test', name: 'A\nB' },
      { email: 'x@agency.test', name: 'x'.repeat(201) },
      { email: 'x@agency.test', name: 7 },
    ]) {
      const bad = await call(claims, 'POST', '/api/staff/members', { staff: true, body });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_error');
    }
    expect((await call(claims, 'POST', '/api/staff/members/00000000-0000-4000-8000-000000000000/deactivate', { staff: true })).status).toBe(
      404,
    );
    expect((await call(claims, 'POST', '/api/staff/members/not-an-id/deactivate', { staff: true })).status).toBe(400);
    expect((await call(claims, 'GET', '/api/staff/members', { token: clientToken })).status).toBe(403);
    expect(
      (await call(claims, 'POST', '/api/staff/members', { token: clientToken, body: { email: 'c@agency.test', name: 'C' } })).status,
    ).toBe(403);
    expect((await call(claims, 'POST', '/api/staff/auth/verify', { body: { token: 'made-up' } })).status).toBe(401);
    expect(await snapshotCounts(claims)).toEqual(before);
  });

  it('a staff session opens no client path', async () => {
    const { token } = await staffMemberSession(claims);
    expect((await call(claims, 'GET', '/api/claims', { token })).status).toBe(401);
  });
});
