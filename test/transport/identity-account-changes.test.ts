import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/**
 * Changes a signed-in session makes to its account: a new email address waits for the link mailed
 * to it (the old address is told), and a new password needs the current one unless a mailed link
 * opened the session.
 */

const SERVICE_KEY = 'account-changes-service-key';
const PUBLIC_URL = 'https://buses.example.test';
let app: TestTransport;

type Answer = { status: number; body: any };

const callAt = async (base: string, path: string, init: { method?: string; bearer?: string; body?: unknown } = {}): Promise<Answer> => {
  const headers: Record<string, string> = {
    'X-Forwarded-For': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null };
};
const call = (path: string, init: Parameters<typeof callAt>[2] = {}) => callAt(app.url, path, init);

const mailsTo = (email: string) => app.smtp.messages.filter((mail) => mail.to.includes(email));

const account = async (email: string, password: string): Promise<string> => {
  const created = await call('/auth/v1/admin/users', {
    method: 'POST',
    bearer: SERVICE_KEY,
    body: { email, password, app_metadata: { role: 'operator', tenant_id: 'demo' } },
  });
  expect(created.status).toBe(200);

  return signIn(email, password);
};

const signIn = async (email: string, password: string): Promise<string> => {
  const login = await call('/api/auth/login', { method: 'POST', body: { email, password } });
  expect(login.status).toBe(200);

  return login.body.access_token as string;
};

/** The token of the newest link mailed to `email` that opens `page`. */
const linkTo = async (email: string, page: string, before: number): Promise<string> => {
  const mail = await app.smtp.waitFor(
    (candidate) => candidate.to.includes(email) && mailsTo(email).indexOf(candidate) >= before && candidate.text.includes(page),
  );
  const link = new RegExp(`(https://\\S+${page}#\\S+)`).exec(mail.text)?.[1];
  expect(link).toBeDefined();

  return new URLSearchParams(new URL(link as string).hash.slice(1)).get('token_hash') as string;
};

const emailOf = async (id: string): Promise<string | undefined> =>
  (await app.db.fork().execute<{ email: string }[]>('select email from transport_identity_user where id = ?', [id]))[0]?.email;

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY, TRANSPORT_PUBLIC_URL: PUBLIC_URL, TRUST_PROXY: 'true' });
});
afterAll(async () => app?.close());

describe('PUT /auth/v1/user with a new email', () => {
  it('keeps the address until the link mailed to the new one is used, and tells the old one', async () => {
    const token = await account('old@demo.test', 'old-address-1');
    const newBefore = mailsTo('new@demo.test').length;
    const asked = await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { email: 'New@Demo.test' } });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: 'old@demo.test', new_email: 'new@demo.test', email_change_sent_at: expect.any(String) });
    const id = asked.body.id as string;
    expect(await emailOf(id)).toBe('old@demo.test');
    expect((await call('/auth/v1/user', { bearer: token })).body.email).toBe('old@demo.test');
    // Signing in still works with the old address only.
    expect((await call('/api/auth/login', { method: 'POST', body: { email: 'new@demo.test', password: 'old-address-1' } })).status).toBe(
      401,
    );

    const notice = await app.smtp.waitFor((mail) => mail.to.includes('old@demo.test') && mail.text.includes('new@demo.test'));
    expect(notice.subject).toContain('change of the email address');
    expect(notice.text).toContain('Nothing has changed yet');
    expect(notice.text).not.toContain('token_hash');
    const confirm = await linkTo('new@demo.test', '/confirm-email', newBefore);

    const confirmed = await call('/api/auth/email/confirm', { method: 'POST', body: { token_hash: confirm } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      token_type: 'Bearer',
      user: { id, email: 'new@demo.test', role: 'operator', tenant_id: 'demo' },
    });
    expect(await emailOf(id)).toBe('new@demo.test');
    expect((await call('/api/routes', { bearer: confirmed.body.access_token })).status).toBe(200);
    expect((await call('/api/auth/login', { method: 'POST', body: { email: 'new@demo.test', password: 'old-address-1' } })).status).toBe(
      200,
    );
    // The link works once.
    expect((await call('/api/auth/email/confirm', { method: 'POST', body: { token_hash: confirm } })).status).toBe(401);
  });

  it('refuses an address another account holds at once, and mails nothing', async () => {
    await account('holder@demo.test', 'holder-pass-1');
    const token = await account('wants@demo.test', 'wants-pass-1');
    const before = app.smtp.messages.length;
    expect(await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { email: 'holder@demo.test' } })).toMatchObject({
      status: 422,
      body: { error_code: 'email_exists' },
    });
    expect(await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { email: 'not an address' } })).toMatchObject({ status: 400 });
    expect(app.smtp.messages.length).toBe(before);
  });

  it('answers 409 when another account took the address before the link was used', async () => {
    const token = await account('slow@demo.test', 'slow-pass-1');
    const before = mailsTo('contested@demo.test').length;
    expect((await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { email: 'contested@demo.test' } })).status).toBe(200);
    const confirm = await linkTo('contested@demo.test', '/confirm-email', before);
    await account('contested@demo.test', 'quick-pass-1');
    expect(await call('/api/auth/email/confirm', { method: 'POST', body: { token_hash: confirm } })).toMatchObject({ status: 409 });
    expect((await call('/auth/v1/user', { bearer: token })).body.email).toBe('slow@demo.test');
  });

  it('verify of an email_change link checks the new address first', async () => {
    const token = await account('twice@demo.test', 'twice-pass-1');
    const before = mailsTo('twice-new@demo.test').length;
    expect((await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { email: 'twice-new@demo.test' } })).status).toBe(200);
    const confirm = await linkTo('twice-new@demo.test', '/confirm-email', before);
    expect(
      (await call('/auth/v1/verify', { method: 'POST', body: { type: 'email_change', token: confirm, email: 'twice@demo.test' } })).status,
    ).toBe(403);
    const verified = await call('/auth/v1/verify', {
      method: 'POST',
      body: { type: 'email_change', token: confirm, email: 'twice-new@demo.test' },
    });
    expect(verified).toMatchObject({ status: 200, body: { user: { email: 'twice-new@demo.test' } } });
  });

  it("lets the service key change an address at once, as GoTrue's admin update does", async () => {
    const token = await account('managed@demo.test', 'managed-pass-1');
    const id = (await call('/auth/v1/user', { bearer: token })).body.id as string;
    expect(
      (await call(`/auth/v1/admin/users/${id}`, { method: 'PUT', bearer: SERVICE_KEY, body: { email: 'managed-new@demo.test' } })).body
        .email,
    ).toBe('managed-new@demo.test');
    expect(await emailOf(id)).toBe('managed-new@demo.test');
  });

  it('refuses a bad confirm body with 400', async () => {
    for (const body of [{}, { token_hash: '' }, { token_hash: 'x', extra: 1 }, { token_hash: 7 }]) {
      expect((await call('/api/auth/email/confirm', { method: 'POST', body })).status).toBe(400);
    }
  });
});

describe('a new password from a signed-in session', () => {
  it('needs the current password through POST /api/auth/password: 400 without it, 401 when wrong, and then nothing changes', async () => {
    const token = await account('plain@demo.test', 'plain-pass-1');
    const missing = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', access_token: token, password: 'taken-over-1' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('current_password');
    const wrong = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', access_token: token, password: 'taken-over-1', current_password: 'a-guess-1' },
    });
    expect(wrong).toEqual({ status: 401, body: { detail: 'The current password is not correct' } });
    expect((await call('/api/auth/login', { method: 'POST', body: { email: 'plain@demo.test', password: 'taken-over-1' } })).status).toBe(
      401,
    );
    // The session is not ended by a refused change.
    expect((await call('/api/routes', { bearer: token })).status).toBe(200);

    const right = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', access_token: token, password: 'chosen-again-1', current_password: 'plain-pass-1' },
    });
    expect(right.status).toBe(200);
    expect((await call('/api/auth/login', { method: 'POST', body: { email: 'plain@demo.test', password: 'chosen-again-1' } })).status).toBe(
      200,
    );
  });

  it("needs it at the provider's own PUT /auth/v1/user too", async () => {
    const token = await account('direct@demo.test', 'direct-pass-1');
    expect(await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { password: 'taken-over-2' } })).toMatchObject({
      status: 400,
      body: { error_code: 'current_password_required' },
    });
    expect(
      await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { password: 'taken-over-2', current_password: 'nope-nope-1' } }),
    ).toMatchObject({
      status: 422,
      body: { error_code: 'current_password_mismatch' },
    });
    expect(
      (await call('/auth/v1/user', { method: 'PUT', bearer: token, body: { password: 'direct-new-1', current_password: 'direct-pass-1' } }))
        .status,
    ).toBe(200);
  });

  it('is not needed from the session a reset link gave, for that session only', async () => {
    await account('linked@demo.test', 'linked-pass-1');
    const before = mailsTo('linked@demo.test').length;
    expect((await call('/api/auth/recover', { method: 'POST', body: { email: 'linked@demo.test' } })).status).toBe(200);
    const reset = await linkTo('linked@demo.test', '/reset-password', before);
    const set = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', token_hash: reset, password: 'linked-new-1' },
    });
    expect(set.status).toBe(200);
    // The link's session may set another password without the current one (GoTrue's default links hand it to the page).
    expect(
      (
        await call('/api/auth/password', {
          method: 'POST',
          body: { type: 'recovery', access_token: set.body.access_token, password: 'linked-new-2' },
        })
      ).status,
    ).toBe(200);
    // A plain sign-in of the same account may not.
    const plain = await signIn('linked@demo.test', 'linked-new-2');
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', access_token: plain, password: 'linked-new-3' } }))
        .status,
    ).toBe(400);
  });
});

describe('a new password from a signed-in session at an outside provider', () => {
  let identity: FakeIdentity;
  let outside: TestTransport;

  beforeAll(async () => {
    identity = await startFakeIdentity();
    outside = await startTestTransport({
      IDENTITY_URL: identity.url,
      IDENTITY_SERVICE_KEY: 'outside-key',
      TRANSPORT_PUBLIC_URL: PUBLIC_URL,
      TRUST_PROXY: 'true',
    });
    identity.addAccount({ email: 'far@demo.test', password: 'far-pass-1', app_metadata: { role: 'operator', tenant_id: 'demo' } });
  });
  afterAll(async () => {
    await outside?.close();
    await identity?.close();
  });

  it('needs the current password unless the session came from a mailed link', async () => {
    const token = (
      await callAt(outside.url, '/api/auth/login', { method: 'POST', body: { email: 'far@demo.test', password: 'far-pass-1' } })
    ).body.access_token as string;
    const changeWith = (body: Record<string, unknown>) =>
      callAt(outside.url, '/api/auth/password', { method: 'POST', body: { type: 'recovery', access_token: token, ...body } });
    expect((await changeWith({ password: 'far-taken-1' })).status).toBe(400);
    expect(await changeWith({ password: 'far-taken-1', current_password: 'wrong-pass-1' })).toEqual({
      status: 401,
      body: { detail: 'The current password is not correct' },
    });
    expect(identity.account('far@demo.test')?.password).toBe('far-pass-1');
    expect((await changeWith({ password: 'far-chosen-1', current_password: 'far-pass-1' })).status).toBe(200);
    expect(identity.account('far@demo.test')?.password).toBe('far-chosen-1');

    expect((await callAt(outside.url, '/api/auth/recover', { method: 'POST', body: { email: 'far@demo.test' } })).status).toBe(200);
    const link = identity.mailedLinks.find((candidate) => candidate.email === 'far@demo.test');
    const verified = await fetch(`${identity.url}/auth/v1/verify`, {
      method: 'POST',
      body: JSON.stringify({ type: 'recovery', token_hash: link?.token_hash }),
    });
    const linkToken = ((await verified.json()) as { access_token: string }).access_token;
    const viaLink = await callAt(outside.url, '/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', access_token: linkToken, password: 'far-from-link-1' },
    });
    expect(viaLink.status).toBe(200);
    expect(identity.account('far@demo.test')?.password).toBe('far-from-link-1');
  });
});
