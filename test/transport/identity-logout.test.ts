import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/** Logout at the built-in provider ends the sign-in's tokens, earlier access tokens included. */

const SERVICE_KEY = 'logout-service-key';
const EMAIL = 'op@logout.test';
const PASSWORD = 'op-secret-pass';
let app: TestTransport;

type Answer = { status: number; body: any };

const call = async (path: string, init: { method?: string; bearer?: string; body?: unknown } = {}): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null };
};

type Session = { access_token: string; refresh_token: string };

const signIn = async (): Promise<Session> => {
  const answer = await call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email: EMAIL, password: PASSWORD } });
  expect(answer.status).toBe(200);

  return answer.body;
};

const refresh = async (session: Session): Promise<Answer> =>
  call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: session.refresh_token } });

/** The status of a tenant endpoint called with the token. */
const tenantStatus = async (token: string): Promise<number> => (await call('/api/routes', { bearer: token })).status;

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
  const created = await call('/auth/v1/admin/users', {
    method: 'POST',
    bearer: SERVICE_KEY,
    body: { email: EMAIL, password: PASSWORD, app_metadata: { role: 'operator', tenant_id: 'demo' } },
  });
  expect(created.status).toBe(200);
});
afterAll(async () => app?.close());

describe('POST /auth/v1/logout', () => {
  it('with scope=local ends every token of the sign-in, the access token before a refresh included, and no other sign-in', async () => {
    const first = await signIn();
    const refreshed = await refresh(first);
    expect(refreshed.status).toBe(200);
    const second: Session = refreshed.body;
    const elsewhere = await signIn();
    for (const token of [first.access_token, second.access_token, elsewhere.access_token]) {
      expect(await tenantStatus(token)).toBe(200);
    }

    expect((await call('/auth/v1/logout?scope=local', { method: 'POST', bearer: second.access_token })).status).toBe(204);

    expect(await tenantStatus(first.access_token)).toBe(401);
    expect(await tenantStatus(second.access_token)).toBe(401);
    expect((await call('/auth/v1/user', { bearer: first.access_token })).status).toBe(401);
    expect((await refresh(second)).body).toMatchObject({ error: 'invalid_grant' });
    expect(await tenantStatus(elsewhere.access_token)).toBe(200);
  });

  it("without a scope ends every sign-in of the user, as GoTrue's default global scope does", async () => {
    const one = await signIn();
    const other = await signIn();

    expect((await call('/auth/v1/logout', { method: 'POST', bearer: one.access_token })).status).toBe(204);

    expect(await tenantStatus(one.access_token)).toBe(401);
    expect(await tenantStatus(other.access_token)).toBe(401);
    expect((await refresh(other)).status).toBe(400);
  });

  it('with scope=others ends the other sign-ins and keeps this one', async () => {
    const kept = await signIn();
    const ended = await signIn();

    expect((await call('/auth/v1/logout?scope=others', { method: 'POST', bearer: kept.access_token })).status).toBe(204);

    expect(await tenantStatus(kept.access_token)).toBe(200);
    expect(await tenantStatus(ended.access_token)).toBe(401);
    expect((await refresh(kept)).status).toBe(200);
  });

  it('refuses an unknown scope and ends nothing', async () => {
    const session = await signIn();
    const answer = await call('/auth/v1/logout?scope=everything', { method: 'POST', bearer: session.access_token });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported logout scope "everything"' });
    expect(await tenantStatus(session.access_token)).toBe(200);
  });

  it('keeps ended tokens out of the table', async () => {
    const session = await signIn();
    expect((await call('/auth/v1/logout', { method: 'POST', bearer: session.access_token })).status).toBe(204);
    const rows = await app.db.fork().execute<{ n: number }[]>('select count(*)::int as n from transport_identity_token');

    expect(rows[0]?.n).toBe(0);
  });
});
