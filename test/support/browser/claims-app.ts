import type { Page } from 'playwright-core';
import { startTestClaims, type TestClaims } from '../claims-server.ts';
import { freshIp } from '../claims-client.ts';
import { launchChromium, type TestBrowser } from './chromium.ts';
import { ensureWebBuild, WEB_DIST_DIR } from './ensure-web-build.ts';

export type ClaimsApp = { server: TestClaims; browser: TestBrowser; page: Page; close(): Promise<void> };

/**
 * The built SPA served by a real claims service with its own database and SMTP sink, and a
 * Chromium with a fresh profile. Each browser speaks from its own address (X-Forwarded-For), so
 * the per-address rate limits of one test file never touch another.
 */
export const startClaimsApp = async (): Promise<ClaimsApp> => {
  await ensureWebBuild();
  const server = await startTestClaims({ WEB_DIST_DIR });
  const browser = await launchChromium({ extraHTTPHeaders: { 'X-Forwarded-For': freshIp() } });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(10_000);

  return {
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
};

/** The token of the newest sign-in mail to `email`, as the link in it carries it. */
export const signInLinkFor = async (server: TestClaims, email: string): Promise<string> => {
  const mail = await server.smtp.waitFor((message) => message.to.includes(email) && message.subject === 'Your sign-in link');
  const link = /https:\/\/portal\.claims\.test\/portal\/verify\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) {
    throw new Error(`no sign-in link in the mail to ${email}`);
  }

  return `${server.url}${new URL(link).pathname}${new URL(link).search}`;
};
