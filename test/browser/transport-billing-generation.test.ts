import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { sideways } from '../support/browser/page-width.ts';
import { shootAtBothWidths } from '../support/browser/screenshots.ts';
import { OPERATOR, startTransportApp, type TransportApp } from '../support/browser/transport-app.ts';

/** An operator with its own prices, and a first pickup on a Wednesday billed 3/5 of a week. */

const FAMILY = { name: 'Wren Wednesday', email: 'wren.wednesday@family.test', child: 'Juno Wednesday' };

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);

/** Wednesday of the current Monday-to-Sunday week (UTC, the demo tenant's zone). */
const wednesdayOfThisWeek = (): string => {
  const today = new Date();
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - sinceMonday * 86_400_000;

  return new Date(monday + 2 * 86_400_000).toISOString().slice(0, 10);
};

/** Nothing scrolls sideways, no table is wider than its region, and an open dialog lies wholly on screen. */
const fitsScreen = async (page: Page, where: string) => {
  expect((await sideways(page)).page, where).toBeLessThanOrEqual(0);
  expect((await sideways(page)).tooWide, where).toEqual([]);
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) > 0) {
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(
      box && viewport && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height,
      where,
    ).toBe(true);
  }
};

const shoot = (page: Page, name: string) =>
  shootAtBothWidths(page, `transport-billing-${name}`, ({ label }) => fitsScreen(page, `${name} (${label})`));

describe.skipIf(skipWithoutBrowser())(
  'transport billing: an operator sets its own prices; a Wednesday first pickup bills 3/5 of the week',
  () => {
    let app: TransportApp;
    let staff: Page;
    let family: Page;

    beforeAll(async () => {
      app = await startTransportApp();
      staff = await app.open();
      family = await app.open();
    });

    afterAll(async () => {
      await app?.close();
    });

    it('the operator sets its prices on the Settings page, confirming the change', async () => {
      await staff.goto(`${app.server.url}/sign-in`);
      await staff.getByLabel('Email').fill(OPERATOR.email);
      await staff.getByLabel('Password').fill(OPERATOR.password);
      await staff.getByRole('button', { name: 'Sign in' }).click();
      await heading(staff, 'Dashboard');
      await staff.getByRole('link', { name: 'Settings' }).first().click();
      await heading(staff, 'Settings');
      const prices = staff.getByRole('form', { name: 'Prices' });
      await expect.poll(() => prices.getByLabel('Two-way weekly rate').inputValue()).toBe('175.00');

      // A bad value is named at its field and saves nothing.
      await prices.getByLabel('One-way weekly rate').fill('-5');
      await prices.getByRole('button', { name: 'Save prices' }).click();
      await visible(staff, /must not be negative/);

      await prices.getByLabel('One-way weekly rate').fill('95.50');
      await prices.getByLabel('Two-way weekly rate').fill('140');
      await prices.getByLabel('Registration fee').fill('25');
      await prices.getByLabel('Currency').fill('cad');
      await prices.getByRole('button', { name: 'Save prices' }).click();
      await visible(staff, 'Change your prices?');
      await visible(staff, /Two-way weekly rate: \$175\.00 → CA\$140\.00/);
      await shoot(staff, 'settings-prices-confirm');
      await staff.getByRole('button', { name: 'Use the new prices' }).click();
      await visible(staff, 'Invoices generated from now on use these prices.');
      await shoot(staff, 'settings-prices-saved');
    });

    it('a family sees those prices on the welcome page', async () => {
      await family.goto(`${app.server.url}/?tenant=demo`);
      await heading(family, 'Demo School Transport');
      await visible(family, 'CA$140.00 a week per child');
      await visible(family, 'CA$95.50 a week per child');
      await visible(family, 'CA$25.00 once, after approval');
      await shoot(family, 'welcome-own-prices');
    });

    it('a household starting on Wednesday is billed 3 of 5 school days at those prices, reviewed and sent from the Billing page', async () => {
      const firstPickup = wednesdayOfThisWeek();
      const registered = await fetch(`${app.server.url}/api/registrations/full`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          tenant: 'demo',
          parent: { name: FAMILY.name, email: FAMILY.email, phone: '912-555-0150' },
          children: [{ name: FAMILY.child, school_id: 'oak-elementary', transport_need: 'both' }],
          first_pickup_date: firstPickup,
          policy_acknowledged: ['rider-safety', 'registration-fee', 'pickup-policy'],
        }),
      });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ weekly_total: 140, registration_fee: 25 });

      await staff.getByRole('link', { name: 'Registrations' }).first().click();
      await staff.getByRole('link', { name: `Review ${FAMILY.name}` }).click();
      await heading(staff, FAMILY.name);
      await staff.getByRole('button', { name: 'Approve…' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Approve and email the fee' }).click();
      await visible(staff, 'Approved. The family was emailed the registration fee.');

      await staff.getByRole('link', { name: 'Billing' }).first().click();
      await heading(staff, 'Billing');
      await staff.getByRole('button', { name: 'Generate this week’s invoices' }).click();
      await visible(staff, /^1 draft invoice for /);
      const drafts = staff.getByRole('region', { name: 'Drafts to send' });
      const row = drafts.getByRole('row').filter({ hasText: FAMILY.name });
      await expect.poll(() => row.textContent()).toContain('3 of 5 school days (first week)');
      // 140.00 a week, three school days of five.
      expect(await row.textContent()).toContain('CA$84.00');
      // Every amount of the page is in the operator's currency.
      await expect.poll(() => staff.getByRole('region', { name: 'Outstanding table' }).textContent()).toContain('CA$25.00');
      expect(await staff.getByRole('region', { name: 'Households table' }).textContent()).toContain('CA$140.00');
      await shoot(staff, 'drafts-to-send');

      await row.getByRole('button', { name: /^Review and send/ }).click();
      const dialog = staff.getByRole('dialog');
      await expect.poll(() => dialog.textContent()).toContain(FAMILY.email);
      expect(await dialog.textContent()).toContain('3 of 5 school days');
      await shoot(staff, 'review-and-send');
      await dialog.getByRole('button', { name: 'Send invoice' }).click();
      await visible(staff, /week of .* sent\./);
      await expect.poll(() => drafts.getByRole('row').filter({ hasText: FAMILY.name }).count()).toBe(0);
      const mail = await app.server.smtp.waitFor((message) => message.to.includes(FAMILY.email) && message.subject.includes('invoice'));
      expect(mail.text).toContain('3 of 5 school days');
      expect(mail.text).toContain('CA$84.00');
      await shoot(staff, 'drafts-sent');
    });
  },
);
