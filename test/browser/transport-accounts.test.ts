import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { sideways } from '../support/browser/page-width.ts';
import { shootAtBothWidths } from '../support/browser/screenshots.ts';
import { ADMIN, OPERATOR, startTransportApp, type TransportApp } from '../support/browser/transport-app.ts';

const INVITEE = { name: 'Hana Harbor', email: 'hana@harbor.test', password: 'harbor-chosen-7' };

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);

/** Nothing scrolls sideways and an open dialog lies wholly on screen. */
const fitsScreen = async (page: Page, where: string) => {
  expect((await sideways(page)).page, where).toBeLessThanOrEqual(0);
  expect((await sideways(page)).tooWide, where).toEqual([]);
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) > 0) {
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, where).toBe(true);
  }
};

const shoot = (page: Page, name: string) =>
  shootAtBothWidths(page, `transport-accounts-${name}`, ({ label }) => fitsScreen(page, `${name} (${label})`));

/**
 * The link of the newest mail to `email`, pointed at the service under test: the mail names the
 * configured public address, which a test cannot know before the service has its port.
 */
const mailedLink = async (
  app: TransportApp,
  email: string,
  page: '/reset-password' | '/accept-invite' | '/confirm-email',
): Promise<string> => {
  const mail = await app.server.smtp.waitFor((candidate) => candidate.to.includes(email) && candidate.text.includes(page));
  const link = new URL(new RegExp(`(https?://\\S+${page}#\\S+)`).exec(mail.text)?.[1] ?? '');

  return `${app.server.url}${link.pathname}${link.hash}`;
};

describe.skipIf(skipWithoutBrowser())(
  'transport accounts: a forgotten password reset by mail, a tenant created and its first operator invited, an email address changed',
  () => {
    let app: TransportApp;

    beforeAll(async () => {
      app = await startTransportApp();
    });
    afterAll(async () => app?.close());

    it('an operator who forgot the password asks for a link, sets a new password and is signed in', async () => {
      const page = await app.open();
      await page.goto(`${app.server.url}/sign-in`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await heading(page, 'Forgot your password?');
      await shoot(page, 'forgot-password');
      await page.getByLabel('Email').fill(OPERATOR.email);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await visible(page, `Check your mail for ${OPERATOR.email}.`);
      await visible(page, /If an account uses this email address/);
      await shoot(page, 'forgot-password-sent');

      const link = await mailedLink(app, OPERATOR.email, '/reset-password');
      await page.goto(link);
      await heading(page, 'Choose a new password');
      // The token left the address bar as soon as the page read it.
      expect(new URL(page.url()).hash).toBe('');
      await page.locator('#password').fill('brand-new-pass-9');
      await page.locator('#confirm').fill('brand-new-pass-8');
      await page.getByRole('button', { name: 'Save password and sign in' }).click();
      await visible(page, 'The two passwords are not the same.');
      await shoot(page, 'reset-password-mismatch');
      await page.locator('#confirm').fill('brand-new-pass-9');
      await page.getByRole('button', { name: 'Save password and sign in' }).click();
      await heading(page, 'Dashboard');
      expect(new URL(page.url()).pathname).toBe('/operator');

      // The old password is gone; the new one signs in.
      const old = await fetch(`${app.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(OPERATOR),
      });
      expect(old.status).toBe(401);

      // The same link again: refused, with the way to a new one.
      const again = await app.open();
      await again.goto(link);
      await again.locator('#password').fill('third-pass-777');
      await again.locator('#confirm').fill('third-pass-777');
      await again.getByRole('button', { name: 'Save password and sign in' }).click();
      await visible(again, /invalid, already used or expired/);
      await expect.poll(() => again.getByRole('link', { name: 'Ask for a new link' }).isVisible()).toBe(true);
      await shoot(again, 'reset-password-used-link');
    });

    it('a platform administrator creates a tenant and invites its first operator, who joins the operator console', async () => {
      const admin = await app.open();
      await admin.goto(`${app.server.url}/sign-in`);
      await admin.getByLabel('Email').fill(ADMIN.email);
      await admin.getByLabel('Password').fill(ADMIN.password);
      await admin.getByRole('button', { name: 'Sign in' }).click();
      await heading(admin, 'Operators');
      await admin.getByRole('button', { name: 'Create tenant' }).click();
      await admin.getByLabel('Operator name').fill('Harbor Buses');
      expect(await admin.getByLabel('Code').inputValue()).toBe('harbor-buses');
      // The zone starts as the browser's own; the operator is elsewhere.
      const browserZone = await admin.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(await admin.getByLabel('Time zone').inputValue()).toBe(browserZone);
      await admin.getByLabel('Time zone').fill('Mars/Base');
      await admin.getByRole('form', { name: 'Create tenant' }).getByRole('button', { name: 'Create tenant' }).click();
      await expect.poll(() => admin.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
      await visible(admin, /IANA time zone name/);
      await admin.getByLabel('Time zone').fill('America/Chicago');
      await shoot(admin, 'create-tenant');
      await admin.getByRole('form', { name: 'Create tenant' }).getByRole('button', { name: 'Create tenant' }).click();
      await visible(admin, 'Harbor Buses is created. Invite its first operator below.');
      await expect.poll(() => admin.getByRole('listitem', { name: 'Harbor Buses' }).textContent()).toContain('America/Chicago');
      const invite = admin.getByRole('form', { name: 'Invite operator staff to Harbor Buses' });
      await invite.getByLabel('Email').fill(INVITEE.email);
      await invite.getByLabel('Name').fill(INVITEE.name);
      await invite.getByRole('button', { name: 'Invite operator' }).click();
      await heading(admin, `Invite ${INVITEE.email} to Harbor Buses?`);
      await shoot(admin, 'invite-confirm');
      await admin.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
      await visible(admin, `Invitation sent to ${INVITEE.email}.`);
      await shoot(admin, 'invite-sent');

      const link = await mailedLink(app, INVITEE.email, '/accept-invite');
      const invitee = await app.open();
      await invitee.goto(link);
      await heading(invitee, 'Welcome aboard');
      await shoot(invitee, 'accept-invite');
      await invitee.locator('#password').fill(INVITEE.password);
      await invitee.locator('#confirm').fill(INVITEE.password);
      await invitee.getByRole('button', { name: 'Set password and continue' }).click();
      await heading(invitee, 'Dashboard');
      expect(new URL(invitee.url()).pathname).toBe('/operator');
      await visible(invitee, 'Harbor Buses');

      await invitee.getByRole('link', { name: 'Staff' }).first().click();
      await heading(invitee, 'Staff');
      await expect.poll(() => invitee.getByRole('region', { name: 'Operator staff', exact: true }).textContent()).toContain('Joined');
      await shoot(invitee, 'operator-staff');

      // The operator moves the tenant to another zone, confirming what that means.
      await invitee.getByRole('link', { name: 'Settings' }).first().click();
      await heading(invitee, 'Settings');
      const zone = invitee.getByRole('form', { name: 'Time zone' });
      await expect.poll(() => zone.getByLabel('Time zone').inputValue()).toBe('America/Chicago');
      await zone.getByLabel('Time zone').fill('America/New_York');
      await zone.getByRole('button', { name: 'Save time zone' }).click();
      await visible(invitee, 'Change the time zone from America/Chicago to America/New_York?');
      await shoot(invitee, 'time-zone-confirm');
      await zone.getByRole('button', { name: 'Use America/New_York' }).click();
      await visible(invitee, /Stop times are read in America\/New_York\. It is \d\d:\d\d there now\./);
      await shoot(invitee, 'time-zone-saved');
      const stored = await app.server.db
        .fork()
        .execute<{ time_zone: string }[]>("select time_zone from transport_tenant where id = 'harbor-buses'");
      expect(stored[0]?.time_zone).toBe('America/New_York');

      await admin.goto(`${app.server.url}/admin/logs?tenant=harbor-buses`);
      await visible(admin, 'staff.invite');
      await visible(admin, 'tenant.settings.update');
      await visible(admin, INVITEE.email);
      await shoot(admin, 'audit-log');
    });

    it('the operator confirms a new email address from the mail, and a passing outage keeps the session', async () => {
      const NEW_EMAIL = 'hana.new@harbor.test';
      const login = await fetch(`${app.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: INVITEE.email, password: INVITEE.password }),
      });
      expect(login.status).toBe(200);
      const { access_token: token } = (await login.json()) as { access_token: string };
      const asked = await fetch(`${app.server.url}/auth/v1/user`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ email: NEW_EMAIL }),
      });
      expect(asked.status).toBe(200);

      const link = await mailedLink(app, NEW_EMAIL, '/confirm-email');
      const page = await app.open();
      await page.goto(link);
      await heading(page, 'Confirm your new email address');
      expect(new URL(page.url()).hash).toBe('');
      await shoot(page, 'confirm-email');
      await page.getByRole('button', { name: 'Confirm this address' }).click();
      await heading(page, 'Email address confirmed');
      await visible(page, `Your account now uses ${NEW_EMAIL}.`);
      await shoot(page, 'confirm-email-done');
      await page.getByRole('link', { name: 'Go to your pages' }).click();
      await heading(page, 'Dashboard');

      // The identity provider cannot say for a moment: the page says so and offers to try again; the person stays signed in.
      const outage = JSON.stringify({
        error: {
          message: 'The identity provider could not be reached; try again in a moment.',
          code: -32603,
          data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, appCode: 'service_unavailable' },
        },
      });
      await page.route('**/trpc/**', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Retry-After': '1' }, body: outage }),
      );
      await page.reload();
      // Shown once the one retry (after about a second) has failed too.
      await expect
        .poll(() => page.getByText('The identity provider could not be reached; try again in a moment.').first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe('/operator');
      expect(await page.evaluate(() => window.localStorage.getItem('switchyard.transport.session'))).toContain(NEW_EMAIL);
      await page.unroute('**/trpc/**');
      // Each part of the page that failed offers its own "Try again"; pressed until none is left.
      const message = page.getByText('The identity provider could not be reached; try again in a moment.');
      await expect
        .poll(
          async () => {
            const retry = page.getByRole('button', { name: 'Try again' });
            if ((await retry.count()) > 0) {
              await retry
                .first()
                .click({ timeout: 2_000 })
                .catch(() => undefined);
            }

            return message.count();
          },
          { timeout: 20_000 },
        )
        .toBe(0);
      await heading(page, 'Dashboard');
      expect(new URL(page.url()).pathname).toBe('/operator');

      // The same link again cannot be used.
      const again = await app.open();
      await again.goto(link);
      await again.getByRole('button', { name: 'Confirm this address' }).click();
      await heading(again, 'This link cannot be used');
      await visible(again, /invalid, already used or expired/);
    });
  },
);
