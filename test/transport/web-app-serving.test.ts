import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let transport: TestTransport;
const dist = mkdtempSync(join(tmpdir(), 'switchyard-web-dist-'));

beforeAll(async () => {
  // A stand-in for the shared build: both services' pages and one hashed asset.
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>claims page</title>');
  writeFileSync(join(dist, 'transport.html'), '<!doctype html><title>transport page</title>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'transport-abc123.js'), 'console.log("app");');
  transport = await startTestTransport({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await transport?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(`${transport.url}${path}`);

  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    csp: response.headers.get('content-security-policy'),
    body: await response.text(),
  };
};

describe('the transport web app', () => {
  it('is served at / and for every page path, with the security headers', async () => {
    for (const path of ['/', '/sign-in', '/operator/routes/north-loop', '/admin/acting', '/family?tenant=demo']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.type).toContain('text/html');
      expect(page.body).toContain('transport page');
      expect(page.csp).toContain("default-src 'self'");
    }
  });

  it("answers its own page for the other service's page file", async () => {
    expect((await get('/index.html')).body).toContain('transport page');
    expect((await get('/transport.html')).body).toContain('transport page');
  });

  it('serves built assets as files, cached for good', async () => {
    const response = await fetch(`${transport.url}/assets/transport-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('never shadows the API, the tenant API, tRPC or the identity provider', async () => {
    for (const path of ['/api/nothing-here', '/api', '/demo/api/nothing-here', '/acme/api']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toEqual({ detail: 'Not Found' });
    }
    expect((await get('/trpc/tenants.nothing')).body).not.toContain('transport page');
    expect((await get('/auth/v1/nothing')).body).not.toContain('transport page');
    const health = await get('/api/health');
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    expect((await get('/demo/api/theme/demo')).body).toContain('"tenant_id":"demo"');
  });
});
