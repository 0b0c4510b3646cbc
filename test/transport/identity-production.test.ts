import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let app: TestTransport;

beforeAll(async () => {
  app = await startTestTransport({ NODE_ENV: 'production', STAFF_KEY: 'production-staff-key-0123456789', TRUST_PROXY: 'true' });
});
afterAll(async () => app?.close());

const viaProxy = (proto: string) => ({ 'Content-Type': 'application/json', 'X-Forwarded-Proto': proto, 'X-Forwarded-For': '203.0.113.9' });

describe('built-in provider in production (HTTPS only)', () => {
  it('still serves the service’s own loopback calls, so registration and sign-in work over HTTPS', async () => {
    const registered = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: viaProxy('https'),
      body: JSON.stringify({ email: 'prod@example.com', password: 'secret-1' }),
    });
    expect(registered.status).toBe(200);
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: viaProxy('https'),
      body: JSON.stringify({ email: 'prod@example.com', password: 'secret-1' }),
    });
    expect(((await login.json()) as any).user).toMatchObject({ role: 'parent', tenant_id: 'demo' });
  });

  it('refuses provider calls that came through a proxy over plain HTTP', async () => {
    const plain = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: viaProxy('http'),
      body: JSON.stringify({ email: 'prod@example.com', password: 'secret-1' }),
    });
    expect(plain.status).toBe(403);
    const secure = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: viaProxy('https'),
      body: JSON.stringify({ email: 'prod@example.com', password: 'secret-1' }),
    });
    expect(secure.status).toBe(200);
  });
});
