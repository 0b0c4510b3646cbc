import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await claims?.close();
});

describe('in production', () => {
  it('refuses plain HTTP and marks every answer with HSTS', async () => {
    const plain = await fetch(`${claims.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect(plain.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('serves requests that a trusted proxy received over HTTPS', async () => {
    const secure = await fetch(`${claims.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(secure.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('configuration', () => {
  it('refuses to start in production without a staff key, naming the problem', async () => {
    const { parseEnv } = await import('../../apps/api/src/env.ts');
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/STAFF_KEY: required when NODE_ENV=production/);
    const attempt = () => parseEnv({ CLAIMS_PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(/CLAIMS_PORT: /);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });
});
