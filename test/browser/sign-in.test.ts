import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClaimsApp, signInLinkFor, type ClaimsApp } from '../support/browser/claims-app.ts';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { saveScreenshot } from '../support/browser/screenshots.ts';
import { call, intakeBody } from '../support/claims-client.ts';

describe.skipIf(skipWithoutBrowser())('client sign-in in a real browser', () => {
  let app: ClaimsApp;
  let email: string;

  beforeAll(async () => {
    app = await startClaimsApp();
    const body = intakeBody();
    email = body.client.email;
    const intake = await call(app.server, 'POST', '/api/intake', { body });
    expect(intake.status).toBe(201);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers known and unknown emails with the same words', async () => {
    const { page, server } = app;
    const answerFor = async (address: string) => {
      await page.goto(`${server.url}/portal/sign-in`);
      await page.getByLabel(/^Email/).fill(address);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      const answer = page.getByTestId('sign-in-answer');
      await expect.poll(() => answer.isVisible()).toBe(true);

      return answer.textContent();
    };

    const unknown = await answerFor('nobody-here@example.test');
    await saveScreenshot(page, 'portal-sign-in-sent');
    const known = await answerFor(email);
    expect(known).toBe(unknown);
    await signInLinkFor(server, email);
    expect(server.smtp.messages.some((mail) => mail.to.includes('nobody-here@example.test'))).toBe(false);
    await page.goto(`${server.url}/portal/sign-in`);
    await saveScreenshot(page, 'portal-sign-in');
  });

  it('takes the token out of the address at once and posts nothing until "Sign in" is pressed', async () => {
    const { page, server } = app;
    const link = await signInLinkFor(server, email);
    const token = new URL(link).searchParams.get('token') ?? '';
    const verifyCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('auth.verify')) {
        verifyCalls.push(request.url());
      }
    });

    await page.goto(link);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/portal/verify`);
    expect(await page.evaluate(() => window.location.href)).not.toContain(token);
    // A reload finds nothing in the address to replay.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/portal/verify`);
    await saveScreenshot(page, 'portal-verify');
    expect(verifyCalls).toEqual([]);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'My claims' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/portal`);
    expect(verifyCalls).toHaveLength(1);
    // The token travelled in the body, never in a URL the access log would keep.
    expect(verifyCalls[0]).not.toContain(token);
    const stored = await page.evaluate(() => window.localStorage.getItem('switchyard.claims.session'));
    expect(JSON.parse(stored ?? '{}').token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('returns to sign-in with a clear message when the link is invalid or used', async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/portal/verify?token=not-a-real-token`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/portal/sign-in?notice=link-invalid`);
    expect(await page.getByRole('alert').textContent()).toMatch(/invalid, expired or already used/);
    await saveScreenshot(page, 'portal-link-invalid');
  });

  it('drops a session the server no longer accepts and asks to sign in again', async () => {
    const { page, server } = app;
    await page.evaluate(() =>
      window.localStorage.setItem(
        'switchyard.claims.session',
        JSON.stringify({
          token: 'revoked-or-made-up-session-token',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          client: { client_number: 'CLT-0000-0000', company_name: 'Nobody', contact_name: 'Nobody' },
        }),
      ),
    );
    await page.goto(`${server.url}/portal`);
    await expect.poll(() => page.url()).toBe(`${server.url}/portal/sign-in?notice=session-ended`);
    expect(await page.getByRole('status').first().textContent()).toMatch(/session has ended/);
    expect(await page.evaluate(() => window.localStorage.getItem('switchyard.claims.session'))).toBeNull();
  });
  it('says how long to wait when sign-in requests for one email are rate-limited', async () => {
    const { page, server } = app;
    const limited = 'rate-limited-client@example.test';
    const request = async () => {
      await page.goto(`${server.url}/portal/sign-in`);
      await page.getByLabel(/^Email/).fill(limited);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    };
    // The per-email limit allows three links in its window; the fourth request is refused with a Retry-After.
    for (let sent = 0; sent < 3; sent += 1) {
      await request();
      await expect.poll(() => page.getByTestId('sign-in-answer').isVisible()).toBe(true);
    }
    await request();
    const alert = page.getByRole('alert').first();
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toMatch(/Too many sign-in requests\. Try again in \d+ (minute|minutes)\./);
    await saveScreenshot(page, 'portal-sign-in-rate-limited');
  });
});
