import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapturedMail } from '../support/smtp-sink.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/** Mailed links of the built-in provider: which a new password voids, and what spends one. */

const SERVICE_KEY = 'account-links-service-key';
const PUBLIC_URL = 'https://buses.example.test';
let app: TestTransport;
let adminToken: string;

type Answer = { status: number; body: any };

const call = async (path: string, init: { method?: string; bearer?: string; body?: unknown } = {}): Promise<Answer> => {
  // Each call from its own address, so the per-address limits of the public writes stay out of the way.
  const headers: Record<string, string> = {
    'X-Forwarded-For': `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
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

const mailsTo = (email: string) => app.smtp.messages.filter((mail) => mail.to.includes(email));

/** The token of the newest mail to `email` whose link opens `page`, read as a person would click it. */
const nextLinkTo = async (email: string, page: string, before: number): Promise<string> => {
  const mail: CapturedMail = await app.smtp.waitFor(
    (candidate) => candidate.to.includes(email) && mailsTo(email).indexOf(candidate) >= before && candidate.text.includes(page),
  );
  const link = new RegExp(`(https://\\S+${page}#\\S+)`).exec(mail.text)?.[1];
  expect(link).toBeDefined();

  return new URLSearchParams(new URL(link as string).hash.slice(1)).get('token_hash') as string;
};

const invite = async (email: string): Promise<string> => {
  const before = mailsTo(email).length;
  expect((await call('/api/tenants/demo/invites', { method: 'POST', bearer: adminToken, body: { email } })).status).toBe(201);

  return nextLinkTo(email, '/accept-invite', before);
};

const recover = async (email: string): Promise<string> => {
  const before = mailsTo(email).length;
  expect((await call('/api/auth/recover', { method: 'POST', body: { email } })).status).toBe(200);

  return nextLinkTo(email, '/reset-password', before);
};

const linkRows = async (email: string) =>
  app.db
    .fork()
    .execute<{ kind: string }[]>(
      'select l.kind from transport_identity_link l join transport_identity_user u on u.id = l.user_id where u.email = ? order by l.kind',
      [email],
    );

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY, TRANSPORT_PUBLIC_URL: PUBLIC_URL, TRUST_PROXY: 'true' });
  const created = await call('/auth/v1/admin/users', {
    method: 'POST',
    bearer: SERVICE_KEY,
    body: { email: 'root@platform.test', password: 'root-pass-1', app_metadata: { role: 'platform_admin' } },
  });
  expect(created.status).toBe(200);
  adminToken = (await call('/api/auth/login', { method: 'POST', body: { email: 'root@platform.test', password: 'root-pass-1' } })).body
    .access_token;
});
afterAll(async () => app?.close());

describe('a new password', () => {
  it('set through a reset link voids the unused invitation link of the account', async () => {
    const invitation = await invite('taken@demo.test');
    const reset = await recover('taken@demo.test');
    expect(await linkRows('taken@demo.test')).toEqual([{ kind: 'invite' }, { kind: 'recovery' }]);

    const set = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', token_hash: reset, password: 'owner-chose-1' },
    });
    expect(set.status).toBe(200);
    expect(await linkRows('taken@demo.test')).toEqual([]);

    // Whoever holds the invitation mail can no longer set a password with it, nor get a session.
    const takeover = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'invite', token_hash: invitation, password: 'intruder-pass-1' },
    });
    expect(takeover).toEqual({ status: 401, body: { detail: expect.stringContaining('invalid, already used or expired') } });
    expect(await call('/auth/v1/verify', { method: 'POST', body: { type: 'invite', token_hash: invitation } })).toMatchObject({
      status: 403,
      body: { error_code: 'otp_expired' },
    });
    expect((await call('/api/auth/login', { method: 'POST', body: { email: 'taken@demo.test', password: 'owner-chose-1' } })).status).toBe(
      200,
    );
    expect(
      (await call('/api/auth/login', { method: 'POST', body: { email: 'taken@demo.test', password: 'intruder-pass-1' } })).status,
    ).toBe(401);
  });

  it('set through an invitation link voids a pending reset link', async () => {
    const invitation = await invite('joiner@demo.test');
    const reset = await recover('joiner@demo.test');
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'invite', token_hash: invitation, password: 'joiner-pass-1' } }))
        .status,
    ).toBe(200);
    expect(await linkRows('joiner@demo.test')).toEqual([]);
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', token_hash: reset, password: 'intruder-pass-2' } }))
        .status,
    ).toBe(401);
  });

  it('set by the service key voids every pending link of the account', async () => {
    const invitation = await invite('managed@demo.test');
    const reset = await recover('managed@demo.test');
    const user = (
      await call('/auth/v1/verify', { method: 'POST', body: { type: 'recovery', token_hash: await recover('managed@demo.test') } })
    ).body.user;
    // The verify above spent the newest reset link; the invitation and nothing else is left.
    expect(await linkRows('managed@demo.test')).toEqual([{ kind: 'invite' }]);
    const newReset = await recover('managed@demo.test');
    expect(await linkRows('managed@demo.test')).toEqual([{ kind: 'invite' }, { kind: 'recovery' }]);
    expect(
      (await call(`/auth/v1/admin/users/${user.id}`, { method: 'PUT', bearer: SERVICE_KEY, body: { password: 'set-by-admin-1' } })).status,
    ).toBe(200);
    expect(await linkRows('managed@demo.test')).toEqual([]);
    for (const [type, token] of [
      ['invite', invitation],
      ['recovery', reset],
      ['recovery', newReset],
    ] as const) {
      expect((await call('/auth/v1/verify', { method: 'POST', body: { type, token_hash: token } })).status).toBe(403);
    }
  });

  it('changed without a password leaves pending links alone', async () => {
    const reset = await recover('taken@demo.test');
    const session = (
      await call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email: 'taken@demo.test', password: 'owner-chose-1' } })
    ).body.access_token;
    expect((await call('/auth/v1/user', { method: 'PUT', bearer: session, body: { data: { display_name: 'Owner' } } })).status).toBe(200);
    expect(await linkRows('taken@demo.test')).toEqual([{ kind: 'recovery' }]);
    expect((await call('/auth/v1/verify', { method: 'POST', body: { type: 'recovery', token_hash: reset } })).status).toBe(200);
  });
});

describe('POST /auth/v1/verify with an email', () => {
  it('refuses a wrong email without spending the link, which then works with the right one', async () => {
    const created = await call('/auth/v1/admin/users', {
      method: 'POST',
      bearer: SERVICE_KEY,
      body: { email: 'careful@demo.test', password: 'careful-pass-1' },
    });
    expect(created.status).toBe(200);
    const reset = await recover('careful@demo.test');
    for (const email of ['someone-else@demo.test', 'root@platform.test', 'not an email']) {
      expect(await call('/auth/v1/verify', { method: 'POST', body: { type: 'recovery', token: reset, email } })).toMatchObject({
        status: 403,
        body: { error_code: 'otp_expired' },
      });
    }
    expect(await linkRows('careful@demo.test')).toEqual([{ kind: 'recovery' }]);

    const verified = await call('/auth/v1/verify', {
      method: 'POST',
      body: { type: 'recovery', token: reset, email: 'Careful@Demo.test' },
    });
    expect(verified).toMatchObject({ status: 200, body: { token_type: 'bearer', user: { email: 'careful@demo.test' } } });
    expect(
      await call('/auth/v1/verify', { method: 'POST', body: { type: 'recovery', token: reset, email: 'careful@demo.test' } }),
    ).toMatchObject({ status: 403 });
  });
});
