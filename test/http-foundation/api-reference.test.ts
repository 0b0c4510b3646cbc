import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/** The API reference page at /api/docs is served by each service from its own files: no CDN. */

let claims: TestClaims;
let transport: TestTransport;
beforeAll(async () => {
  [claims, transport] = await Promise.all([startTestClaims(), startTestTransport()]);
});
afterAll(async () => {
  await Promise.all([claims?.close(), transport?.close()]);
});

const TYPES: Record<string, RegExp> = { '.css': /^text\/css/, '.js': /^text\/javascript/, '.png': /^image\/png/ };

describe.each([
  ['claims', '/api/docs'],
  ['transport', '/api/docs'],
  ['transport', '/demo/api/docs'],
] as const)('the API reference of %s at %s', (name, path) => {
  const base = () => (name === 'claims' ? claims.url : transport.url);

  it('is an HTML page whose every asset is served by the service itself', async () => {
    const response = await fetch(`${base()}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    // Nothing from another origin: every src and href is relative to the page.
    const links = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(links.length).toBeGreaterThanOrEqual(4);
    expect(html).not.toMatch(/https?:\/\//);
    const pageUrl = new URL(`${base()}${path}`);
    for (const link of links) {
      const asset = new URL(link, pageUrl);
      expect(asset.origin).toBe(pageUrl.origin);
      const answer = await fetch(asset);
      expect(answer.status, link).toBe(200);
      expect(answer.headers.get('content-type'), link).toMatch(TYPES[/\.\w+$/.exec(asset.pathname)?.[0] ?? ''] ?? /^$/);
      expect((await answer.arrayBuffer()).byteLength, link).toBeGreaterThan(0);
    }
    // The start script reads the document next to the page.
    const start = await (await fetch(new URL('docs/start.js', pageUrl))).text();
    expect(start).toContain("new URL('openapi.json', location.href)");
    const documentUrl = new URL('openapi.json', pageUrl);
    const document = await fetch(documentUrl);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('serves no other file of the package', async () => {
    for (const file of ['package.json', 'index.html', '..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      expect((await fetch(`${base()}${path}/${file}`)).status, file).toBe(404);
    }
  });
});

describe.each(['claims', 'transport'] as const)('/docs on %s', (name) => {
  it('leads to the API reference rather than to the web app', async () => {
    const base = name === 'claims' ? claims.url : transport.url;
    for (const path of ['/docs', '/docs/']) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe('/api/docs');
    }
    const followed = await fetch(`${base}/docs`);
    expect(followed.url).toBe(`${base}/api/docs`);
    expect(await followed.text()).toContain('swagger-ui');
  });
});
