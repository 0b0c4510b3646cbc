import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, skipWithoutBrowser, type TestBrowser } from '../support/browser/chromium.ts';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/** The API reference renders both documents in a browser that may reach nothing but the service. */

describe.skipIf(skipWithoutBrowser())('the API reference page in a browser', () => {
  let claims: TestClaims;
  let transport: TestTransport;
  let browser: TestBrowser;
  beforeAll(async () => {
    [claims, transport, browser] = await Promise.all([startTestClaims(), startTestTransport(), launchChromium()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), claims?.close(), transport?.close()]);
  });

  it.each([
    ['claims', 'switchyard claim recovery portal', '/api/intake'],
    ['transport', 'switchyard school transport', '/api/registrations/full'],
  ] as const)('renders the %s document offline, under the service policy', async (name, title, path) => {
    const base = name === 'claims' ? claims.url : transport.url;
    const page = await browser.context.newPage();
    const foreign: string[] = [];
    const problems: string[] = [];
    // Offline: any request to another origin is recorded and refused.
    await page.route('**/*', (route) =>
      new URL(route.request().url()).origin === base ? route.continue() : (foreign.push(route.request().url()), route.abort()),
    );
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${base}/api/docs`);
    await page.locator('.swagger-ui .info .title').filter({ hasText: title }).waitFor({ timeout: 20_000 });
    await page.getByText(path, { exact: true }).first().waitFor();
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
