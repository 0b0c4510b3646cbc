import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';
import type { CapturedMail } from '../support/smtp-sink.ts';

/** Password reset by mail through the built-in provider, end to end over HTTP with a real SMTP sink. */

const SERVICE_KEY = 'recover-service-key';
const PUBLIC_URL = 'https://buses.example.test';
let app: TestTransport;

type Answer = { status: number; body: any; headers: Headers };

const call = async (path: string, init: { method?: string; bearer?: string; body?: unknown; ip?: string } = {}): Promise<Answer> => {
  // Every call from its own address, so the per-address limits stay out of the way (one test checks them).
  const headers: Record<string, string> = {
    'X-Forwarded-For': init.ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
};

const addOperator = async (email: string, password: string) => {
  const created = await call('/auth/v1/admin/users', {
    method: 'POST',
    bearer: SERVICE_KEY,
    body: { email, password, app_metadata: { role: 'operator', tenant_id: 'demo' } },
  });
  expect(created.status).toBe(200);
};

const login = (email: string, password: string) => call('/api/auth/login', { method: 'POST', body: { email, password } });

/** The link's token, read from the mail as a person would click it. */
const tokenOf = (mail: CapturedMail): string => {
  const link = /(https:\/\/\S+\/reset-password#\S+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  const params = new URLSearchParams(new URL(link as string).hash.slice(1));
  expect(params.get('type')).toBe('recovery');

  return params.get('token_hash') as string;
};

const mailsTo = (email: string) => app.smtp.messages.filter((mail) => mail.to.includes(email));

const outboxRowsTo = async (email: string) =>
  (
    await app.db
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from mail_outbox where recipient = ? and source = 'transport-identity'", [email])
  )[0]?.n;

const requestLink = async (email: string): Promise<string> => {
  const before = mailsTo(email).length;
  const asked = await call('/api/auth/recover', { method: 'POST', body: { email } });
  expect(asked.status).toBe(200);
  const mail = await app.smtp.waitFor((candidate) => candidate.to.includes(email) && mailsTo(email).indexOf(candidate) >= before);

  return tokenOf(mail);
};

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY, TRANSPORT_PUBLIC_URL: PUBLIC_URL, TRUST_PROXY: 'true' });
});
afterAll(async () => app?.close());

describe('POST /api/auth/recover', () => {
  it('answers an unknown email exactly as a known one, and mails only the known one', async () => {
    await addOperator('known@recover.test', 'old-password-1');
    const known = await call('/api/auth/recover', { method: 'POST', body: { email: 'Known@Recover.test' } });
    const unknown = await call('/api/auth/recover', { method: 'POST', body: { email: 'nobody@recover.test' } });

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toMatch(/If an account uses this email address/);

    const mail = await app.smtp.waitFor((candidate) => candidate.to.includes('known@recover.test'));
    expect(mail.subject).toBe('Set a new password for school transport');
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password#token_hash=`);
    expect(mail.text).toMatch(/works once, within one hour/);
    expect(await outboxRowsTo('nobody@recover.test')).toBe(0);
    expect(mailsTo('nobody@recover.test')).toHaveLength(0);
    // The token is in the mail only: never in a log line.
    const token = tokenOf(mail);
    expect(app.logLines.join('\n')).not.toContain(token);
  });

  it("answers the built-in provider's own /auth/v1/recover with GoTrue's empty 200 for known and unknown alike", async () => {
    await addOperator('direct@recover.test', 'old-password-1');
    const known = await call('/auth/v1/recover', { method: 'POST', body: { email: 'direct@recover.test' } });
    const unknown = await call('/auth/v1/recover', { method: 'POST', body: { email: 'ghost@recover.test' } });
    expect(known).toMatchObject({ status: 200, body: {} });
    expect(unknown).toMatchObject({ status: 200, body: {} });
    await app.smtp.waitFor((candidate) => candidate.to.includes('direct@recover.test'));
    expect(await outboxRowsTo('ghost@recover.test')).toBe(0);
  });

  it('limits requests per address, as the other public identity writes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push(
        (await call('/api/auth/recover', { method: 'POST', body: { email: `someone-${attempt}@recover.test` }, ip: '10.77.0.1' })).status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses a missing or malformed email with 400 and mails nothing', async () => {
    expect((await call('/api/auth/recover', { method: 'POST', body: {} })).status).toBe(400);
    expect((await call('/api/auth/recover', { method: 'POST', body: { email: 'not-an-email' } })).status).toBe(400);
    expect((await call('/api/auth/recover', { method: 'POST', body: { email: 'a@b.test', extra: 1 } })).status).toBe(400);
  });

  it('limits requests per email the same way whether or not the account exists', async () => {
    await addOperator('limited@recover.test', 'old-password-1');
    for (const email of ['limited@recover.test', 'limited-ghost@recover.test']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push((await call('/api/auth/recover', { method: 'POST', body: { email } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});

describe('POST /api/auth/password with a recovery link', () => {
  it('sets the new password, signs the person in, and the old password and old sessions stop working', async () => {
    await addOperator('reset@recover.test', 'old-password-1');
    const before = await login('reset@recover.test', 'old-password-1');
    expect(before.status).toBe(200);
    expect((await call('/api/routes', { bearer: before.body.access_token })).status).toBe(200);

    const token = await requestLink('reset@recover.test');
    const set = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', token_hash: token, password: 'new-password-2' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ token_type: 'Bearer', user: { email: 'reset@recover.test', role: 'operator', tenant_id: 'demo' } });
    expect((await call('/api/routes', { bearer: set.body.access_token })).status).toBe(200);

    expect((await login('reset@recover.test', 'old-password-1')).status).toBe(401);
    expect((await login('reset@recover.test', 'new-password-2')).status).toBe(200);
    // Whoever was signed in with the old password is out.
    expect((await call('/api/routes', { bearer: before.body.access_token })).status).toBe(401);
  });

  it('works once: the same link a second time is refused and the password stays', async () => {
    await addOperator('once@recover.test', 'old-password-1');
    const token = await requestLink('once@recover.test');
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', token_hash: token, password: 'first-choice-1' } }))
        .status,
    ).toBe(200);
    const again = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', token_hash: token, password: 'second-choice-2' },
    });
    expect(again.status).toBe(401);
    expect(again.body.detail).toMatch(/invalid, already used or expired/);
    expect((await login('once@recover.test', 'first-choice-1')).status).toBe(200);
    expect((await login('once@recover.test', 'second-choice-2')).status).toBe(401);
  });

  it('refuses a link after an hour', async () => {
    await addOperator('late@recover.test', 'old-password-1');
    const token = await requestLink('late@recover.test');
    app.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      const late = await call('/api/auth/password', {
        method: 'POST',
        body: { type: 'recovery', token_hash: token, password: 'too-late-pass' },
      });
      expect(late.status).toBe(401);
    } finally {
      app.setNow(null);
    }
    expect((await login('late@recover.test', 'old-password-1')).status).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    await addOperator('newest@recover.test', 'old-password-1');
    const first = await requestLink('newest@recover.test');
    const second = await requestLink('newest@recover.test');
    expect(first).not.toBe(second);
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', token_hash: first, password: 'from-first-1' } }))
        .status,
    ).toBe(401);
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', token_hash: second, password: 'from-second-2' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a too-short password with 400 without spending the link', async () => {
    await addOperator('short@recover.test', 'old-password-1');
    const token = await requestLink('short@recover.test');
    const weak = await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', token_hash: token, password: '123' } });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toMatch(/at least 6 characters/);
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', token_hash: token, password: 'long-enough-1' } }))
        .status,
    ).toBe(200);
  });

  it('does not take a recovery link as an invitation, nor an unknown token', async () => {
    await addOperator('kind@recover.test', 'old-password-1');
    const token = await requestLink('kind@recover.test');
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'invite', token_hash: token, password: 'whatever-1' } })).status,
    ).toBe(401);
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', token_hash: 'made-up', password: 'whatever-1' } }))
        .status,
    ).toBe(401);
    expect((await call('/api/auth/password', { method: 'POST', body: { type: 'recovery', password: 'whatever-1' } })).status).toBe(400);
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'signup', token_hash: token, password: 'whatever-1' } })).status,
    ).toBe(400);
  });

  it("answers GoTrue's 403 otp_expired at the provider's own /auth/v1/verify for a spent link", async () => {
    await addOperator('verify@recover.test', 'old-password-1');
    const token = await requestLink('verify@recover.test');
    const first = await call('/auth/v1/verify', { method: 'POST', body: { type: 'recovery', token_hash: token } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'bearer', user: { email: 'verify@recover.test' } });
    const second = await call('/auth/v1/verify', { method: 'POST', body: { type: 'recovery', token_hash: token } });
    expect(second).toMatchObject({ status: 403, body: { error_code: 'otp_expired' } });
  });
});
