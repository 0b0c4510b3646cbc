import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startClaimsApp, type ClaimsApp } from '../support/browser/claims-app.ts';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { shootAtBothWidths } from '../support/browser/screenshots.ts';
import { sideways } from '../support/browser/page-width.ts';
import { call, intakeBody, submitAndSignIn } from '../support/claims-client.ts';

/** The link of the newest staff sign-in mail to `email`, on the test server. */
const staffLinkFor = async (app: ClaimsApp, email: string): Promise<string> => {
  const mail = await app.server.smtp.waitFor(
    (message) => message.to.includes(email) && message.subject === 'Your staff console sign-in link',
  );
  const link = /https?:\/\/\S+\/staff\/verify\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) {
    throw new Error(`no staff sign-in link in the mail to ${email}`);
  }

  return `${app.server.url}${new URL(link).pathname}${new URL(link).search}`;
};

describe.skipIf(skipWithoutBrowser())('the claims team signs in by name and manages its members', () => {
  let app: ClaimsApp;
  let page: Page;

  beforeAll(async () => {
    app = await startClaimsApp();
    page = app.page;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('the key holder invites an administrator on the Staff page', async () => {
    await page.goto(`${app.server.url}/staff`);
    await page.getByLabel('Staff key').fill(app.server.staffKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByLabel('Name').fill('Rita Ross');
    await page.getByLabel('Email').fill('rita@agency.test');
    await page.getByLabel(/Administrator/).check();
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Rita Ross can now sign in');
    await page.getByLabel('Name').fill('Sam Stone');
    await page.getByLabel('Email').fill('sam@agency.test');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Staff members' }).textContent()).toContain('sam@agency.test');
    await shootAtBothWidths(page, 'staff-members', async () => {
      expect((await sideways(page)).page).toBeLessThanOrEqual(0);
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  it('a member signs in with a mailed link and deactivates another, whose session ends at once', async () => {
    // A tab of its own: the console keeps its credential in the tab's sessionStorage.
    const samPage = await app.browser.context.newPage();
    samPage.setDefaultTimeout(10_000);
    await samPage.goto(`${app.server.url}/staff`);
    await samPage.getByLabel('Your email').fill('sam@agency.test');
    await samPage.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await samPage.getByRole('status').waitFor();
    await samPage.goto(await staffLinkFor(app, 'sam@agency.test'));
    expect(samPage.url()).not.toContain('token=');
    await samPage.getByRole('button', { name: 'Sign in' }).click();
    await samPage.getByRole('link', { name: 'Staff', exact: true }).waitFor();

    await page.goto(`${app.server.url}/staff`);
    await shootAtBothWidths(page, 'staff-sign-in', async () => {
      expect((await sideways(page)).page).toBeLessThanOrEqual(0);
    });
    await page.getByLabel('Your email').fill('rita@agency.test');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('status').waitFor();
    await page.goto(await staffLinkFor(app, 'rita@agency.test'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('listitem').filter({ hasText: 'sam@agency.test' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'sam@agency.test' }).textContent()).toContain('Deactivated');
    // Rita has no button to deactivate herself.
    expect(await page.getByRole('listitem').filter({ hasText: 'rita@agency.test' }).getByRole('button').count()).toBe(0);

    await samPage.getByRole('link', { name: 'Statistics' }).click();
    await samPage.getByText('Your sign-in was not accepted or has ended').waitFor();
    await samPage.close();
  });

  it('a client reply marks the claim in the list and on the statistics page until Rita opens it', async () => {
    const client = await submitAndSignIn(app.server);
    const sent = await call(app.server, 'POST', `/api/claims/${client.claimNumber}/messages`, {
      token: client.token,
      body: { subject: 'Question about my claim', content: 'Has the debtor answered yet?' },
    });
    expect(sent.status).toBe(201);

    await page.getByRole('link', { name: 'Statistics' }).click();
    const metric = page.locator('.metric').filter({ hasText: 'Client replied, not yet opened' });
    await expect.poll(() => metric.locator('.metric__value').textContent()).toBe('1');
    await metric.getByRole('link', { name: 'Show these claims' }).click();
    await expect.poll(() => page.getByLabel('Client replied, not yet opened').isChecked()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: client.claimNumber });
    await expect.poll(() => row.textContent()).toContain('client replied just now');
    await shootAtBothWidths(page, 'staff-client-activity', async () => {
      expect((await sideways(page)).page).toBeLessThanOrEqual(0);
      expect(await page.getByText('client replied just now').isVisible()).toBe(true);
    });

    await page.getByRole('link', { name: client.claimNumber }).click();
    await page.getByText('Has the debtor answered yet?').first().waitFor();
    await page.goBack();
    // Opened once, cleared for the whole team: the filtered list is empty, the mark gone.
    await expect.poll(() => page.getByRole('row').filter({ hasText: client.claimNumber }).count()).toBe(0);
    await page.getByLabel('Client replied, not yet opened').uncheck();
    await expect.poll(() => page.getByRole('row').filter({ hasText: client.claimNumber }).textContent()).not.toContain('client replied');
  });
  it('Rita gives claims to herself in one step, sees what was skipped and why, and finds them under her name', async () => {
    const company = 'Bulkhead Fittings';
    const file = async () => {
      const answer = await call(app.server, 'POST', '/api/intake', { body: intakeBody({ company }) });
      expect(answer.status).toBe(201);

      return answer.body.claim_number as string;
    };
    const numbers: string[] = [];
    for (let index = 0; index < 27; index++) {
      numbers.push(await file());
    }
    // The newest two are on the first page (newest first).
    const active = numbers.at(-1) ?? '';
    const fresh = numbers.at(-2) ?? '';
    expect((await call(app.server, 'PATCH', `/api/staff/claims/${active}`, { staff: true, body: { status: 'ACTIVE' } })).status).toBe(200);

    await page.goto(`${app.server.url}/staff?q=${encodeURIComponent(company)}`);
    await page.getByRole('row').filter({ hasText: active }).waitFor();
    // Every claim the filters match, beyond this page of 25, as one change of tier.
    await page.getByLabel('Select all 25 on this page').check();
    await page.getByRole('button', { name: 'Select all 27 matching the filters' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Change 27 selected claims' }).isVisible()).toBe(true);
    await page.locator('#bulk-tier').selectOption('TIER_2');
    await page.getByRole('button', { name: 'Apply to 27 claims' }).click();
    // No reason yet: the bar says so and nothing is sent.
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Give a reason');
    await page.getByLabel(/^Reason/).fill('Formal demands go out this week');
    await shootAtBothWidths(page, 'staff-bulk-bar', async () => {
      expect((await sideways(page)).page).toBeLessThanOrEqual(0);
      expect(await page.getByRole('button', { name: 'Apply to 27 claims' }).isVisible()).toBe(true);
    });
    await page.getByRole('button', { name: 'Apply to 27 claims' }).click();
    // 27 claims are changed one transaction after another: on a busy machine that takes longer than the default poll.
    await expect.poll(() => page.locator('.bulk-bar').textContent(), { timeout: 30_000 }).toContain('Changed 27 claims.');
    await expect.poll(() => page.getByRole('row').filter({ hasText: active }).textContent()).toContain('Formal Demand');

    // Two claims by hand, one of which cannot go back to NEW: it is skipped with the reason, the other is changed.
    await page.getByLabel(`Select ${active}`).check();
    await page.getByLabel(`Select ${fresh}`).check();
    await page.locator('#bulk-status').selectOption('NEW');
    await page.locator('#bulk-assignee').selectOption({ label: 'Rita Ross' });
    await page.getByLabel(/^Reason/).fill('Mine to start');
    await page.getByRole('button', { name: 'Apply to 2 claims' }).click();
    await expect.poll(() => page.locator('.bulk-bar').textContent()).toContain('Changed 1 claim.');
    expect(await page.locator('.bulk-bar__skipped').textContent()).toMatch(new RegExp(`${active}: A claim cannot move back to NEW`));
    await shootAtBothWidths(page, 'staff-bulk-result', async () => {
      expect((await sideways(page)).page).toBeLessThanOrEqual(0);
      expect(await page.locator('.bulk-bar__skipped').isVisible()).toBe(true);
    });

    await page.locator('#filter-assignee').selectOption('me');
    await expect.poll(() => page.getByRole('row').filter({ hasText: company }).count()).toBe(1);
    expect(await page.getByRole('row').filter({ hasText: fresh }).textContent()).toContain('Rita Ross');
    await shootAtBothWidths(page, 'staff-list-assignee', async () => {
      expect((await sideways(page)).page).toBeLessThanOrEqual(0);
    });

    await page.getByRole('link', { name: fresh }).click();
    await expect.poll(() => page.getByTestId('claim-assignee').textContent()).toBe('Rita Ross');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByLabel('Give the claim to').selectOption({ label: 'Nobody' });
    await shootAtBothWidths(page, 'staff-claim-assignee', async () => {
      expect((await sideways(page)).page).toBeLessThanOrEqual(0);
    });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect.poll(() => page.getByTestId('claim-assignee').textContent()).toBe('Nobody yet');
  });
});
