import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, freshIp, signIn, signInToken, snapshotCounts, submitAndSignIn } from '../support/claims-client.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

const minutes = (count: number) => count * 60_000;

describe('POST /api/auth/request', () => {
  it('answers the same for known and unknown emails and mails a link only to the known one', async () => {
    const { email } = await submitAndSignIn(claims);
    const mailsBefore = claims.smtp.messages.length;
    const known = await call(claims, 'POST', '/api/auth/request', { body: { email: email.toUpperCase() } });
    const unknown = await call(claims, 'POST', '/api/auth/request', { body: { email: 'nobody@example.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await claims.smtp.waitFor(
      (message) =>
        message.to.includes(email) && message.subject === 'Your sign-in link' && claims.smtp.messages.indexOf(message) >= mailsBefore,
    );
    expect(mail.text).toMatch(/https:\/\/portal\.claims\.test\/portal\/verify\?token=[A-Za-z0-9_-]{43}\b/);
    // Every mail is in the outbox before its request is answered, so none for the unknown email now means none ever.
    const queued = await claims.db.fork().execute("select count(*)::int as n from mail_outbox where recipient = 'nobody@example.test'");
    expect(queued[0]?.n).toBe(0);
    expect(claims.smtp.messages.some((message) => message.to.includes('nobody@example.test'))).toBe(false);
  });

  it.each(['https://example.test/portal', 'https://example.test/portal/'])(
    'keeps the path of PORTAL_URL %s in the sign-in link',
    async (portalUrl) => {
      const { email } = await submitAndSignIn(claims);
      // A second API process on the same database, configured for a portal served under a path.
      const underPath = await startTestClaims({ PORTAL_URL: portalUrl }, claims);
      try {
        expect((await call(underPath, 'POST', '/api/auth/request', { body: { email } })).status).toBe(200);
        const mail = await underPath.smtp.waitFor((message) => message.to.includes(email));
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
        expect(link).toMatch(/^https:\/\/example\.test\/portal\/portal\/verify\?token=[A-Za-z0-9_-]{43}$/);
        const verify = await call(claims, 'POST', '/api/auth/verify', { body: { token: new URL(link).searchParams.get('token') } });
        expect(verify.status).toBe(200);
      } finally {
        await underPath.close();
      }
    },
  );

  it('stores only the SHA-256 of the token, with a 15 minute expiry and the caller address', async () => {
    const { email } = await submitAndSignIn(claims);
    const ip = freshIp();
    const before = claims.smtp.messages.length;
    await call(claims, 'POST', '/api/auth/request', { body: { email }, ip });
    const mail = await claims.smtp.waitFor(
      (message) => message.to.includes(email) && message.subject === 'Your sign-in link' && claims.smtp.messages.indexOf(message) >= before,
    );
    const raw = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const rows = await claims.db.fork().execute('select * from claims_magic_link_token where requested_ip = ?', [ip]);
    expect(rows).toHaveLength(1);
    const { createHash } = await import('node:crypto');
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(raw);
    const lifetime = new Date(rows[0]?.expires_at).getTime() - new Date(rows[0]?.created_at).getTime();
    expect(lifetime).toBe(minutes(15));
  });

  it('refuses a bad email and unknown fields', async () => {
    const bad = await call(claims, 'POST', '/api/auth/request', { body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    const extra = await call(claims, 'POST', '/api/auth/request', { body: { email: 'a@b.test', redirect: 'https://evil.test' } });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/unknown field\(s\): redirect/);
  });

  it('allows 3 requests per email per 15 minutes', async () => {
    const email = 'limited-email@example.test';
    for (let index = 0; index < 3; index++) {
      expect((await call(claims, 'POST', '/api/auth/request', { body: { email } })).status).toBe(200);
    }
    const limited = await call(claims, 'POST', '/api/auth/request', { body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
  });

  it('allows 10 requests per address per hour', async () => {
    const ip = freshIp();
    for (let index = 0; index < 10; index++) {
      expect((await call(claims, 'POST', '/api/auth/request', { body: { email: `ip-limit-${index}@example.test` }, ip })).status).toBe(200);
    }
    const limited = await call(claims, 'POST', '/api/auth/request', { body: { email: 'ip-limit-x@example.test' }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(900);
  });
});

describe('POST /api/auth/verify', () => {
  it('exchanges a token for a 7-day session once', async () => {
    const { email } = await submitAndSignIn(claims);
    const token = await signInToken(claims, email);
    // On the service's clock, so the session's end is exact: seven days after the sign-in.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    claims.setNow(now);
    const first = await call(claims, 'POST', '/api/auth/verify', { body: { token } }).finally(() => claims.setNow(null));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      session_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      // Whole seconds, as the documented answers give times.
      expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString().replace('.000Z', 'Z'),
      client: { client_number: expect.stringMatching(/^CLT-/), company_name: 'Acme Supplies', contact_name: 'Ann Example' },
    });
    const again = await call(claims, 'POST', '/api/auth/verify', { body: { token } });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('unauthorized');
  });

  it('refuses an expired token and an unknown one', async () => {
    const { email } = await submitAndSignIn(claims);
    const token = await signInToken(claims, email);
    claims.setNow(new Date(Date.now() + minutes(16)));
    try {
      const expired = await call(claims, 'POST', '/api/auth/verify', { body: { token } });
      expect(expired.status).toBe(401);
    } finally {
      claims.setNow(null);
    }
    const unknown = await call(claims, 'POST', '/api/auth/verify', { body: { token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(401);
    const wrongType = await call(claims, 'POST', '/api/auth/verify', { body: { token: 12345 } });
    expect(wrongType.status).toBe(400);
  });

  it('deletes tokens whose expiry is more than a day old on each verify attempt', async () => {
    const { email } = await submitAndSignIn(claims);
    await signInToken(claims, email);
    const em = claims.db.fork();
    const [{ n: before }] = (await em.execute('select count(*)::int as n from claims_magic_link_token')) as [{ n: number }];
    expect(before).toBeGreaterThan(0);
    claims.setNow(new Date(Date.now() + minutes(15) + 25 * 3_600_000));
    try {
      await call(claims, 'POST', '/api/auth/verify', { body: { token: 'x' } });
    } finally {
      claims.setNow(null);
    }
    const [{ n: after }] = (await em.execute('select count(*)::int as n from claims_magic_link_token')) as [{ n: number }];
    expect(after).toBe(0);
  });

  it('allows 10 attempts per address per 15 minutes', async () => {
    const ip = freshIp();
    for (let index = 0; index < 10; index++) {
      expect((await call(claims, 'POST', '/api/auth/verify', { body: { token: `guess-${index}` }, ip })).status).toBe(401);
    }
    const limited = await call(claims, 'POST', '/api/auth/verify', { body: { token: 'guess-x' }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the client and claim count and stamps last_seen_at', async () => {
    const { token, clientNumber, email } = await submitAndSignIn(claims);
    const me = await call(claims, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      client: {
        client_number: clientNumber,
        company_name: 'Acme Supplies',
        contact_name: 'Ann Example',
        email,
        phone: '+1 555 0100',
        created_at: expect.stringMatching(/Z$/),
      },
      claim_count: 1,
    });
    const [session] = await claims.db
      .fork()
      .execute('select s.last_seen_at from claims_session s join claims_client c on c.id = s.client_id where c.client_number = ?', [
        clientNumber,
      ]);
    expect(session?.last_seen_at).not.toBeNull();
  });

  it('refuses a missing, malformed or unknown bearer token', async () => {
    expect((await call(claims, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await call(claims, 'GET', '/api/auth/me', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
    const unknown = await call(claims, 'GET', '/api/auth/me', { token: 'not-a-session' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('unauthorized');
  });

  it('logout revokes the session', async () => {
    const { token } = await submitAndSignIn(claims);
    const out = await call(claims, 'POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body.message).toEqual(expect.any(String));
    expect((await call(claims, 'GET', '/api/claims', { token })).status).toBe(401);
    expect((await call(claims, 'POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it('a session expires after 7 days, however often it is used', async () => {
    const { token } = await submitAndSignIn(claims);
    claims.setNow(new Date(Date.now() + 6 * 86_400_000));
    try {
      expect((await call(claims, 'GET', '/api/claims', { token })).status).toBe(200);
      claims.setNow(new Date(Date.now() + 7 * 86_400_000 + minutes(1)));
      expect((await call(claims, 'GET', '/api/claims', { token })).status).toBe(401);
    } finally {
      claims.setNow(null);
    }
  });

  it('never writes a raw token, session or staff key to the log', async () => {
    const { email, token } = await submitAndSignIn(claims);
    const linkToken = await signInToken(claims, email);
    await call(claims, 'GET', '/api/staff/stats', { staff: true });
    const log = claims.logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [token, linkToken, claims.staffKey]) {
      expect(log).not.toContain(secret);
    }
  });

  it('signing in twice gives two independent sessions', async () => {
    const { email, token } = await submitAndSignIn(claims);
    const second = await signIn(claims, email);
    expect(second).not.toBe(token);
    await call(claims, 'POST', '/api/auth/logout', { token });
    expect((await call(claims, 'GET', '/api/auth/me', { token: second })).status).toBe(200);
    const counts = await snapshotCounts(claims);
    expect(counts.session).toBeGreaterThanOrEqual(2);
  });
});
