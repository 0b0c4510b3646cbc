import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startClaimsApp, signInLinkFor, type ClaimsApp } from '../support/browser/claims-app.ts';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { sideways } from '../support/browser/page-width.ts';
import { saveScreenshot } from '../support/browser/screenshots.ts';
import { call, intakeBody } from '../support/claims-client.ts';
import { insertClaims, type SeedClaim } from '../claims/graphql-support.ts';

const WIDTHS = [390, 1024, 1440] as const;
const CLIENT_EMAIL = 'ledger.client@example.test';

/** The first day of the month `back` months before now (UTC), as an instant 10 days in. */
const monthsAgo = (back: number): Date => {
  const now = new Date();

  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 11, 12));
};
const monthStart = (date: Date) => date.toISOString().slice(0, 8) + '01';

/** Figures that do not fit their tile: wider than it, or broken over two lines. */
const clippedFigures = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.metric__value')]
      .filter(
        (element) =>
          element.scrollWidth > element.clientWidth + 1 ||
          element.getBoundingClientRect().right > (element.parentElement?.getBoundingClientRect().right ?? 0) ||
          element.getBoundingClientRect().height > Number.parseFloat(getComputedStyle(element).fontSize) * 1.8,
      )
      .map((element) => element.textContent),
  );

describe.skipIf(skipWithoutBrowser())('staff works the claims list like a ledger; the client sees what is new', () => {
  let app: ClaimsApp;
  let staff: Page;
  const older = monthsAgo(2);
  // Large enough that the total reads "$11,777,709.40", the figure that used to clip.
  const seeds: SeedClaim[] = [
    {
      claimNumber: 'CLM-2026-7001',
      createdAt: older,
      status: 'SETTLED',
      tier: 'TIER_2',
      amountCents: 500_000_000,
      company: 'Ledger Alpha',
      debtor: 'Slow Co',
    },
    {
      claimNumber: 'CLM-2026-7002',
      createdAt: new Date(older.getTime() + 3_600_000),
      status: 'ACTIVE',
      tier: 'TIER_1',
      amountCents: 377_570_940,
      company: 'Ledger Beta',
      debtor: 'Late Co',
    },
    {
      claimNumber: 'CLM-2026-7003',
      createdAt: new Date(older.getTime() + 7_200_000),
      status: 'NEW',
      tier: 'TIER_1',
      amountCents: 50_000,
      company: 'Ledger Gamma',
      debtor: 'Never Co',
    },
    {
      claimNumber: 'CLM-2026-7004',
      createdAt: new Date(Date.now() - 3_600_000),
      status: 'ACTIVE',
      tier: 'TIER_3',
      amountCents: 300_000_000,
      company: 'Ledger Delta',
      debtor: 'Maybe Co',
    },
  ];
  let clientClaim = '';

  beforeAll(async () => {
    app = await startClaimsApp();
    await insertClaims(app.server, seeds);
    const filed = await call(app.server, 'POST', '/api/intake', {
      body: intakeBody({ company: 'Ledger Client Works', amount: 150_000, email: CLIENT_EMAIL }),
    });
    expect(filed.status).toBe(201);
    clientClaim = filed.body.claim_number;
    staff = await app.browser.context.newPage();
    staff.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await app?.close();
  });

  const rowNumbers = (page: Page) => page.getByRole('table').getByRole('rowheader').allTextContents();

  it('sorts the list by amount both ways and clears the filters', async () => {
    await staff.goto(`${app.server.url}/staff`);
    await staff.getByLabel('Staff key').fill(app.server.staffKey);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => rowNumbers(staff)).toHaveLength(5);

    await staff.getByLabel('Sort by').selectOption({ label: 'Amount, highest first' });
    await expect.poll(() => rowNumbers(staff)).toEqual(['CLM-2026-7001', 'CLM-2026-7002', 'CLM-2026-7004', clientClaim, 'CLM-2026-7003']);
    expect(staff.url()).toContain('sort=amount_cents&order=desc');
    await staff.getByLabel('Sort by').selectOption({ label: 'Amount, lowest first' });
    await expect.poll(() => rowNumbers(staff)).toEqual(['CLM-2026-7003', clientClaim, 'CLM-2026-7004', 'CLM-2026-7002', 'CLM-2026-7001']);

    await staff.getByLabel('Status').selectOption('ACTIVE');
    await expect.poll(() => rowNumbers(staff)).toEqual(['CLM-2026-7004', 'CLM-2026-7002']);
    await staff.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rowNumbers(staff)).toHaveLength(5);
    expect(await staff.getByLabel('Status').inputValue()).toBe('');
    // Clearing keeps the order chosen.
    expect(await rowNumbers(staff)).toEqual(['CLM-2026-7003', clientClaim, 'CLM-2026-7004', 'CLM-2026-7002', 'CLM-2026-7001']);
    expect(await staff.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);
  });

  it('exports the filtered claims as a CSV download with every row of the filter', async () => {
    await staff.getByLabel('Status').selectOption('ACTIVE');
    await expect.poll(() => rowNumbers(staff)).toHaveLength(2);
    const download = staff.waitForEvent('download');
    await staff.getByRole('button', { name: 'Export CSV' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^claims-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await saved.path()) as string, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^claim_number,status,/);
    // The page's filter and order: the two ACTIVE claims, lowest amount first.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['CLM-2026-7004', 'CLM-2026-7002']);
    expect(lines[2]).toContain('3775709.40');
  });

  it('opens a month bar of the statistics onto the list of that month', async () => {
    await staff.goto(`${app.server.url}/staff/stats`);
    const chart = staff.locator('[data-chart="Claims received per month"]');
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
    // Months without claims draw no bar; each bar carries its month.
    await chart.locator(`path[data-key="${older.toISOString().slice(0, 7)}"]`).click();
    await expect.poll(() => staff.url()).toContain(`created_from=${monthStart(older)}`);
    await expect.poll(() => rowNumbers(staff)).toEqual(['CLM-2026-7003', 'CLM-2026-7002', 'CLM-2026-7001']);
    await expect.poll(() => staff.getByText(/^Taken in \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2} \(UTC\)/).isVisible()).toBe(true);

    await staff.goto(`${app.server.url}/staff/stats`);
    const tierChart = staff.locator('[data-chart="Recovery rate by tier"]');
    await tierChart.getByText('Figures').click();
    await tierChart.getByRole('link', { name: 'Escalation' }).click();
    await expect.poll(() => staff.url()).toContain('tier=TIER_3');
    await expect.poll(() => rowNumbers(staff)).toEqual(['CLM-2026-7004']);
  });

  it.each(WIDTHS)('shows the list and the statistics whole at %i px', async (width) => {
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto(`${app.server.url}/staff?sort=amount_cents&order=desc`);
    await expect.poll(() => rowNumbers(staff)).toHaveLength(5);
    expect((await sideways(staff)).page).toBe(0);
    await saveScreenshot(staff, `staff-ledger-list-${width}`);

    await staff.goto(`${app.server.url}/staff/stats`);
    await expect.poll(() => staff.getByText('$11,777,709.40').isVisible()).toBe(true);
    await expect.poll(() => staff.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await clippedFigures(staff)).toEqual([]);
    expect((await sideways(staff)).page).toBe(0);
    await saveScreenshot(staff, `staff-ledger-stats-${width}`);
  });

  it('marks the claim with news in the client portal', async () => {
    const note = await call(app.server, 'POST', `/api/staff/claims/${clientClaim}/notes`, {
      staff: true,
      body: { content: 'We reached the debtor today', visibility: 'SHARED' },
    });
    expect(note.status).toBe(201);
    const client = app.page;
    await client.goto(`${app.server.url}/portal/sign-in?email=${encodeURIComponent(CLIENT_EMAIL)}`);
    await client.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await client.goto(await signInLinkFor(app.server, CLIENT_EMAIL));
    await client.getByRole('button', { name: 'Sign in' }).click();
    const card = client.getByRole('listitem').filter({ hasText: clientClaim });
    await expect.poll(() => card.getByText('New', { exact: true }).isVisible()).toBe(true);
    for (const width of WIDTHS) {
      await client.setViewportSize({ width, height: 900 });
      await saveScreenshot(client, `portal-news-${width}`);
    }
    // Opening the claim clears the mark.
    await client.getByRole('link', { name: clientClaim }).click();
    await expect.poll(() => client.getByRole('heading', { name: clientClaim }).isVisible()).toBe(true);
    await client.goBack();
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => card.getByText('New', { exact: true }).count()).toBe(0);
  });
});
