import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody, snapshotCounts } from '../support/claims-client.ts';

/** A Turnstile-compatible siteverify endpoint on loopback that accepts only the token "good". */
const startFakeSiteverify = async () => {
  const seen: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const success = form.get('secret') === 'captcha-secret' && form.get('response') === 'good';
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

describe('bot check on intake when configured', () => {
  let claims: TestClaims;
  let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
    claims = await startTestClaims({ CAPTCHA_SECRET: 'captcha-secret', CAPTCHA_VERIFY_URL: siteverify.url });
  });
  afterAll(async () => {
    await claims?.close();
    await siteverify?.close();
  });

  it('accepts an intake whose token the provider confirms, sending secret, token and address', async () => {
    const answer = await call(claims, 'POST', '/api/intake', { body: { ...intakeBody(), captcha_token: 'good' }, ip: '10.9.9.9' });
    expect(answer.status).toBe(201);
    const last = siteverify.seen.at(-1);
    expect(last?.get('response')).toBe('good');
    expect(last?.get('remoteip')).toBe('10.9.9.9');
  });

  it('refuses a missing or rejected token and writes nothing', async () => {
    const before = await snapshotCounts(claims);
    const missing = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/bot check/);
    const rejected = await call(claims, 'POST', '/api/intake', { body: { ...intakeBody(), captcha_token: 'bad' } });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error.code).toBe('validation_error');
    expect(await snapshotCounts(claims)).toEqual(before);
  });
});

describe('unexpected failures', () => {
  let claims: TestClaims;
  beforeAll(async () => {
    claims = await startTestClaims();
  });
  afterAll(async () => {
    await claims?.close();
  });

  it('answer 500 internal_error without revealing internals, and log the cause', async () => {
    const intake = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
    // A table that vanished under the service: the kind of failure no caller should see the details of.
    await claims.db.fork().execute('alter table claims_note rename to claims_note_gone');
    try {
      const answer = await call(claims, 'GET', `/api/staff/claims/${intake.body.claim_number}`, { staff: true });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
      expect(answer.body.error.message).not.toMatch(/claims_note|relation|select|sql/i);
      expect(claims.logLines.some((line) => line.includes('claims_note'))).toBe(true);
    } finally {
      await claims.db.fork().execute('alter table claims_note_gone rename to claims_note');
    }
  });
});
