import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { startClaimsApp, type ClaimsApp } from '../support/browser/claims-app.ts';
import { MOBILE_VIEWPORT, saveScreenshot } from '../support/browser/screenshots.ts';
import { call } from '../support/claims-client.ts';

// A failed load is retried once after a second (a lost connection), so errors need more than the default second.
const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 5_000 }).toBe(true);

/** The opacity of the rows kept on screen while a new filter loads. */
const dimming = (page: Page) => page.locator('.query-data--stale').evaluate((element) => getComputedStyle(element).opacity);

/** The staff list's tRPC call (unbatched: one request per procedure). */
const STAFF_LIST = '**/trpc/staff.list?*';

/** Holds every matching request until `release()`; a page's loading state can then be looked at. */
const holdRequests = async (page: Page, pattern: string) => {
  const held: Route[] = [];
  let released = false;
  const handler = async (route: Route) => {
    if (released) {
      await route.continue();
    } else {
      held.push(route);
    }
  };
  await page.route(pattern, handler);

  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(pattern, handler);
    },
  };
};

const submitClaim = async (app: ClaimsApp, company: string) => {
  const answer = await call(app.server, 'POST', '/api/intake', {
    body: {
      client: { company_name: company, contact_name: 'Casey Contact', email: `${company.toLowerCase().replaceAll(' ', '.')}@example.test` },
      debtor: { name: `${company} Debtor` },
      claim: { amount_cents: 250_000 },
      tos_accepted: true,
    },
  });
  expect(answer.status).toBe(201);

  return answer.body.claim_number as string;
};

describe.skipIf(skipWithoutBrowser())('staff claims list: loading, errors and refresh after a change', () => {
  let app: ClaimsApp;
  let staff: Page;
  const claims: Record<'active' | 'fresh' | 'other', string> = { active: '', fresh: '', other: '' };

  beforeAll(async () => {
    app = await startClaimsApp();
    staff = app.page;
    claims.active = await submitClaim(app, 'Active Anvils');
    claims.fresh = await submitClaim(app, 'Fresh Fences');
    claims.other = await submitClaim(app, 'Other Ovens');
    const patched = await call(app.server, 'PATCH', `/api/staff/claims/${claims.active}`, {
      staff: true,
      body: { status: 'ACTIVE', reason: 'Documents in' },
    });
    expect(patched.status).toBe(200);

    await staff.goto(`${app.server.url}/staff`);
    await staff.getByLabel('Staff key').fill(app.server.staffKey);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    // Three claims and the header row.
    await staff.getByRole('table').getByRole('row').nth(3).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('keeps the old rows dimmed under a loading line while a new filter loads, then shows the new rows', async () => {
    // A page-level marker: it survives only if nothing reloads the page.
    await staff.evaluate(() => Object.assign(window, { sameDocument: true }));
    const table = staff.getByRole('table');
    const held = await holdRequests(staff, STAFF_LIST);

    await staff.getByLabel('Status').selectOption('ACTIVE');
    await expect.poll(() => held.count()).toBe(1);
    await visible(staff, 'Loading claims…');
    // The previous answer stays readable, marked busy, until the new one is in.
    expect(await table.getByRole('row').count()).toBe(4);
    expect(await staff.locator('[aria-busy="true"]').getByRole('table').count()).toBe(1);
    await expect.poll(() => dimming(staff)).toBe('0.45');
    await saveScreenshot(staff, 'staff-claims-filter-loading');

    await held.release();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.textContent()).toContain(claims.active);
    expect(await table.textContent()).not.toContain(claims.fresh);
    expect(await staff.getByText('Loading claims…').count()).toBe(0);
    expect(await staff.locator('[aria-busy="true"]').count()).toBe(0);
    expect(staff.url()).toContain('status=ACTIVE');
    expect(await staff.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Back to a filter already loaded: answered from the cache at once, no loading line.
    await staff.getByLabel('Status').selectOption('');
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    expect(await staff.getByText('Loading claims…').count()).toBe(0);
  });

  it('shows a failed load with a retry that recovers', async () => {
    await staff.route(STAFF_LIST, (route) => route.abort('connectionrefused'));
    await staff.getByLabel('Tier').selectOption('TIER_2');
    await visible(staff, 'The claims could not be loaded');
    await visible(staff, 'We could not reach the server. Check your connection and try again.');
    // The rows of the previous filter would answer the wrong question, so they are gone.
    expect(await staff.getByRole('table').count()).toBe(0);
    await saveScreenshot(staff, 'staff-claims-error');

    await staff.unroute(STAFF_LIST);
    await staff.getByRole('button', { name: 'Try again' }).click();
    await visible(staff, 'No claims match these filters');
    expect(await staff.getByText('The claims could not be loaded').count()).toBe(0);
    await staff.getByLabel('Tier').selectOption('');
    await expect.poll(() => staff.getByRole('table').getByRole('row').count()).toBe(4);
  });

  it('shows a status changed on the claim page in the list without a reload', async () => {
    await staff.evaluate(() => Object.assign(window, { sameDocument: true }));
    const row = staff.getByRole('row').filter({ hasText: claims.fresh });
    expect(await row.textContent()).toContain('Received');

    await staff.getByRole('link', { name: claims.fresh }).click();
    await expect.poll(() => staff.getByRole('heading', { name: claims.fresh }).isVisible()).toBe(true);
    await staff.getByLabel('Status', { exact: true }).selectOption('SETTLED');
    await staff.getByLabel('Reason').fill('Paid in full');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await visible(staff, /^Saved: Settled/);
    // The claim page itself shows the new status and its audit entry.
    await expect.poll(() => staff.locator('[data-status="SETTLED"]').first().isVisible()).toBe(true);
    await expect.poll(() => staff.getByRole('region', { name: 'Audit entries' }).textContent()).toContain('status: NEW → SETTLED');

    // Back in the list (loaded and cached a moment ago): the change shows without a reload.
    await staff.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Claims' }).click();
    await expect.poll(() => row.textContent()).toContain('Settled');
    expect(await staff.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await staff.getByLabel('Status').selectOption('SETTLED');
    await expect.poll(() => staff.getByRole('table').getByRole('row').count()).toBe(2);
    expect(await staff.getByRole('table').textContent()).toContain(claims.fresh);
  });

  it('shows the loading line on a phone too', async () => {
    await staff.setViewportSize(MOBILE_VIEWPORT);
    await staff.getByLabel('Status').selectOption('');
    await expect.poll(() => staff.getByRole('table').getByRole('row').count()).toBe(4);
    const held = await holdRequests(staff, STAFF_LIST);
    await staff.getByLabel('Status').selectOption('NEW');
    await visible(staff, 'Loading claims…');
    await expect.poll(() => dimming(staff)).toBe('0.45');
    await saveScreenshot(staff, 'staff-claims-filter-loading-mobile');
    await held.release();
    await expect.poll(() => staff.getByRole('table').getByRole('row').count()).toBe(2);
    expect(await staff.getByRole('table').textContent()).toContain(claims.other);
    await staff.route(STAFF_LIST, (route) => route.abort('connectionrefused'));
    await staff.getByLabel('Status').selectOption('CLOSED');
    await visible(staff, 'The claims could not be loaded');
    await saveScreenshot(staff, 'staff-claims-error-mobile');
    await staff.unroute(STAFF_LIST);
  });
});
