import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, freshIp, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';
import { staffMemberSession } from '../support/claims-staff.ts';
import { PDF_BYTES, uploadForm } from '../support/multipart.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterEach(() => {
  claims.setNow(null);
});
afterAll(async () => {
  await claims?.close();
});

const HOUR = 3_600_000;
/** A fixed start for each test, far enough ahead that the clock only moves forward within the file. */
let nextStart = Date.parse('2031-01-01T09:00:00Z');
const startClock = () => {
  nextStart += 30 * 24 * HOUR;
  claims.setNow(new Date(nextStart));

  return nextStart;
};

const message = (claimNumber: string, token: string, content = 'The debtor called me today.') =>
  call(claims, 'POST', `/api/claims/${claimNumber}/messages`, { token, body: { subject: 'New information about the debtor', content } });

/** The claim's row in the staff list, found by its number, with the activity filter given. */
const listed = async (claimNumber: string, filter: string, auth: { token?: string; staff?: boolean } = { staff: true }) => {
  const answer = await call(claims, 'GET', `/api/staff/claims?q=${claimNumber}${filter}`, auth);
  expect(answer.status).toBe(200);

  return answer.body.claims as { claim_number: string; client_activity_at: string | null }[];
};

const activityCount = async () => {
  const stats = await call(claims, 'GET', '/api/staff/stats', { staff: true });
  expect(stats.status).toBe(200);

  return stats.body.client_activity as number;
};

describe('client activity inbox', () => {
  it('a client message marks the claim until a staff member opens it, for the whole team, and records who saw it', async () => {
    const start = startClock();
    const client = await submitAndSignIn(claims);
    expect((await listed(client.claimNumber, ''))[0]?.client_activity_at).toBeNull();
    const before = await activityCount();

    claims.setNow(new Date(start + HOUR));
    expect((await message(client.claimNumber, client.token)).status).toBe(201);
    const messagedAt = new Date(start + HOUR).toISOString().replace('.000Z', 'Z');

    claims.setNow(new Date(start + 3 * HOUR));
    expect(await listed(client.claimNumber, '&has_client_activity=true')).toEqual([
      expect.objectContaining({ claim_number: client.claimNumber, client_activity_at: messagedAt }),
    ]);
    expect(await listed(client.claimNumber, '&has_client_activity=false')).toEqual([]);
    expect(await activityCount()).toBe(before + 1);

    const rita = await staffMemberSession(claims, { name: 'Rita Ross' });
    const dana = await staffMemberSession(claims, { name: 'Dana Diaz' });
    const opened = await call(claims, 'GET', `/api/staff/claims/${client.claimNumber}`, { token: rita.token });
    expect(opened.status).toBe(200);
    const sightings = (opened.body.audit as { action: string; actor: string; old_value: string | null; field: string | null }[]).filter(
      (row) => row.action === 'activity_seen',
    );
    expect(sightings).toEqual([
      expect.objectContaining({ actor: rita.member.email, field: 'client_activity', old_value: new Date(start + HOUR).toISOString() }),
    ]);

    // Cleared for everyone: another member and the shared key see no mark, and the count drops.
    expect((await listed(client.claimNumber, '', { token: dana.token }))[0]?.client_activity_at).toBeNull();
    expect(await listed(client.claimNumber, '&has_client_activity=true')).toEqual([]);
    expect(await listed(client.claimNumber, '&has_client_activity=false')).toHaveLength(1);
    expect(await activityCount()).toBe(before);

    // Opening again with nothing new records no second sighting.
    const again = await call(claims, 'GET', `/api/staff/claims/${client.claimNumber}`, { token: dana.token });
    expect((again.body.audit as { action: string }[]).filter((row) => row.action === 'activity_seen')).toHaveLength(1);

    // A later message marks it again; the shared key opening it is recorded as "API key".
    claims.setNow(new Date(start + 5 * HOUR));
    expect((await message(client.claimNumber, client.token, 'Any news?')).status).toBe(201);
    expect(await listed(client.claimNumber, '&has_client_activity=true')).toHaveLength(1);
    const byKey = await call(claims, 'GET', `/api/staff/claims/${client.claimNumber}`, { staff: true });
    expect(
      (byKey.body.audit as { action: string; actor: string }[]).filter((row) => row.action === 'activity_seen').map((row) => row.actor),
    ).toEqual([rita.member.email, 'API key']);
  });

  it("a client upload marks the claim; the team's own notes and uploads do not", async () => {
    const start = startClock();
    const client = await submitAndSignIn(claims);
    claims.setNow(new Date(start + HOUR));
    const staffUpload = await uploadForm(
      `${claims.url}/api/staff/claims/${client.claimNumber}/documents`,
      { files: [{ name: 'letter.pdf', type: 'application/pdf', content: PDF_BYTES }], fields: { client_visible: 'true' } },
      { 'X-Staff-Key': claims.staffKey, 'X-Forwarded-For': freshIp() },
    );
    expect(staffUpload.status).toBe(201);
    expect(
      (
        await call(claims, 'POST', `/api/staff/claims/${client.claimNumber}/notes`, {
          staff: true,
          body: { content: 'We wrote to the debtor', visibility: 'SHARED' },
        })
      ).status,
    ).toBe(201);
    expect((await listed(client.claimNumber, ''))[0]?.client_activity_at).toBeNull();

    claims.setNow(new Date(start + 2 * HOUR));
    const upload = await uploadForm(
      `${claims.url}/api/claims/${client.claimNumber}/documents`,
      { files: [{ name: 'invoice.pdf', type: 'application/pdf', content: PDF_BYTES }] },
      { Authorization: `Bearer ${client.token}`, 'X-Forwarded-For': freshIp() },
    );
    expect(upload.status).toBe(201);
    expect((await listed(client.claimNumber, '&has_client_activity=true'))[0]?.client_activity_at).toBe(
      new Date(start + 2 * HOUR).toISOString().replace('.000Z', 'Z'),
    );
  });

  it('the export takes the activity filter like the list', async () => {
    const start = startClock();
    const quiet = await submitAndSignIn(claims);
    const talking = await submitAndSignIn(claims);
    claims.setNow(new Date(start + HOUR));
    expect((await message(talking.claimNumber, talking.token)).status).toBe(201);
    const exported = await call(claims, 'GET', '/api/staff/claims/export?has_client_activity=true', { staff: true });
    expect(exported.status).toBe(200);
    expect(exported.body).toContain(talking.claimNumber);
    expect(exported.body).not.toContain(quiet.claimNumber);
  });

  it('the team mail about a client message links to the claim in the staff console', async () => {
    startClock();
    const client = await submitAndSignIn(claims);
    expect((await message(client.claimNumber, client.token, 'Please call me back.')).status).toBe(201);
    await claims.runMailOutbox();
    const mail = await claims.smtp.waitFor((sent) => sent.subject.startsWith(`[${client.claimNumber}]`));
    expect(mail.text).toContain('Please call me back.');
    expect(mail.text).toMatch(new RegExp(`/staff/claims/${client.claimNumber}(\\s|$)`));
  });

  it("a message to another client's claim is refused and marks nothing", async () => {
    startClock();
    const owner = await submitAndSignIn(claims);
    const stranger = await submitAndSignIn(claims);
    const counts = await snapshotCounts(claims);
    const refused = await message(owner.claimNumber, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('not_found');
    expect(await snapshotCounts(claims)).toEqual(counts);
    expect((await listed(owner.claimNumber, ''))[0]?.client_activity_at).toBeNull();
  });

  it('a filter value other than true or false is a validation error', async () => {
    for (const value of ['yes', '1', "true'--", '<script>']) {
      const answer = await call(claims, 'GET', `/api/staff/claims?has_client_activity=${encodeURIComponent(value)}`, { staff: true });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_error');
      expect(JSON.stringify(answer.body.error)).toContain('has_client_activity');
    }
  });

  it('without a staff key or session the filter and the count are refused', async () => {
    for (const path of ['/api/staff/claims?has_client_activity=true', '/api/staff/stats']) {
      const answer = await call(claims, 'GET', path);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
  });
});
