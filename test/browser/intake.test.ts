import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startClaimsApp, type ClaimsApp } from '../support/browser/claims-app.ts';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { MOBILE_VIEWPORT, saveScreenshot } from '../support/browser/screenshots.ts';
import { call } from '../support/claims-client.ts';

const fillValidClaim = async (page: Page, email: string, amount = '2,500.00') => {
  await page.getByLabel('Company name').fill('Acme Supplies');
  await page.getByLabel('Your name').fill('Ann Example');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel('Debtor name').fill('Slow Payer LLC');
  await page.getByLabel('Type of business').selectOption('LLC');
  await page.getByLabel('Debtor address').fill('1 Main St, Springfield');
  await page.getByLabel('Amount owed (USD)').fill(amount);
  await page.getByLabel('What is the debt for?').fill('Unpaid invoice for shelving');
  await page.getByLabel(/I confirm the information is accurate/).check();
};

describe.skipIf(skipWithoutBrowser())('intake form in a real browser', () => {
  let app: ClaimsApp;

  beforeAll(async () => {
    app = await startClaimsApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows required-field errors next to each field and sends nothing', async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Submit an unpaid invoice' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'intake');
    await page.getByRole('button', { name: 'Submit claim' }).click();

    await expect.poll(() => page.locator('[id="client.company_name-error"]').textContent()).toBe('Company name is required.');
    expect(await page.locator('[id="client.email-error"]').textContent()).toMatch(/^Email must be a valid email address/);
    expect(await page.locator('[id="claim.amount_cents-error"]').textContent()).toBe('Enter the amount owed.');
    expect(await page.locator('[id="tos_accepted-error"]').textContent()).toBe('The terms must be accepted.');
    expect(await page.getByLabel('Company name').getAttribute('aria-invalid')).toBe('true');
    // Focus moves to the first field in trouble, for keyboard and screen-reader users.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('client.company_name');
    await saveScreenshot(page, 'intake-required-errors');
    const staffList = await call(server, 'GET', '/api/staff/claims', { staff: true });
    expect(staffList.body.total).toBe(0);
  });

  it('refuses an SSN in the description before sending, next to that field', async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/`);
    await fillValidClaim(page, 'ssn-check@example.test');
    await page.getByLabel('What is the debt for?').fill('Owner SSN is 123-45-6789, invoice 12');
    await page.getByRole('button', { name: 'Submit claim' }).click();

    const error = page.locator('[id="claim.description-error"]');
    await expect.poll(() => error.textContent()).toBe('Please do not include Social Security numbers or bank account / card numbers.');
    expect(await page.getByLabel('What is the debt for?').getAttribute('aria-describedby')).toContain('claim.description-error');
    await saveScreenshot(page, 'intake-ssn-error');
    expect((await call(server, 'GET', '/api/staff/claims', { staff: true })).body.total).toBe(0);
  });

  it("places the server's own validation_error issues next to their fields", async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/`);
    await fillValidClaim(page, 'server-check@example.test');
    // Stands in for a browser whose checks are out of date: the body is altered on the wire, the
    // refusal comes from the real service.
    await page.route('**/trpc/intake.submit*', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { debtor: { physical_address: string } };
      body.debtor.physical_address = 'Card 4111 1111 1111 1111, 1 Main St';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: 'Submit claim' }).click();

    const error = page.locator('[id="debtor.physical_address-error"]');
    await expect.poll(() => error.textContent()).toMatch(/do not include Social Security numbers or bank account \/ card numbers/);
    expect(await page.getByRole('alert').first().textContent()).toMatch(/Your claim was not sent/);
    await page.unroute('**/trpc/intake.submit*');
    expect((await call(server, 'GET', '/api/staff/claims', { staff: true })).body.total).toBe(0);
  });

  it('sends the amount as exact integer cents and shows the claim number', async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/`);
    await fillValidClaim(page, 'Exact.Cents@Example.test', '$4,321.29');
    await page.getByRole('button', { name: 'Submit claim' }).click();

    const number = page.getByTestId('claim-number');
    await expect.poll(() => number.textContent()).toMatch(/^CLM-\d{4}-\d{4}$/);
    await saveScreenshot(page, 'intake-success');
    const claimNumber = (await number.textContent()) ?? '';
    const detail = await call(server, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(detail.body.amount_cents).toBe(432_129);
    expect(detail.body.client.email).toBe('exact.cents@example.test');
    expect(detail.body.debtor.business_type).toBe('LLC');
    expect(detail.body.debtor.contact_email).toBeNull();
  });

  it('lays the form out in one column on a phone', async () => {
    const { page, server } = app;
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Submit claim' }).click();
    await expect.poll(() => page.locator('[id="client.company_name-error"]').isVisible()).toBe(true);
    const company = await page.getByLabel('Company name').boundingBox();
    const contact = await page.getByLabel('Your name').boundingBox();
    expect(contact!.y).toBeGreaterThan(company!.y);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'intake-mobile');
  });
  it('links "terms of service" to a terms page that reads on a phone', async () => {
    const { page, server } = app;
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto(`${server.url}/`);
    const link = page.getByRole('link', { name: 'terms of service' });
    expect(await link.getAttribute('href')).toBe('/terms');
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.goto(`${server.url}/terms`);
    await expect.poll(() => page.getByRole('heading', { name: 'Terms of service' }).isVisible()).toBe(true);
    expect(await page.getByText(/contact the debtor on your behalf/).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/Terms of service/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'terms-mobile');
  });
});
