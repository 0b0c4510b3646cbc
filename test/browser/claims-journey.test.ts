import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startClaimsApp, signInLinkFor, type ClaimsApp } from '../support/browser/claims-app.ts';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { DESKTOP_VIEWPORT, MOBILE_VIEWPORT, saveScreenshot, shootAtBothWidths } from '../support/browser/screenshots.ts';
import { call } from '../support/claims-client.ts';
import { sideways } from '../support/browser/page-width.ts';

/** The smallest file that is still a well-formed PDF: header, one empty page, xref, trailer. */
const tinyPdf = (): Buffer => {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object) => {
    const offset = body.length;
    body += object;

    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  return Buffer.from(body, 'latin1');
};

const EMAIL = 'journey.client@example.test';
const DESCRIPTION = 'Invoice <#42> for "rush" shelving & fittings';
const MESSAGE = 'They said <b>payment</b> is coming & "soon"';
const INTERNAL_NOTE = 'Internal only: debtor owns the warehouse, lien is realistic';
const SHARED_NOTE = 'We sent a formal demand letter & will follow up <this week>';

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

describe.skipIf(skipWithoutBrowser())('claim journey: intake, client portal, staff console, back to the client', () => {
  let app: ClaimsApp;
  let client: Page;
  let staff: Page;
  let claimNumber = '';
  const pdf = tinyPdf();

  beforeAll(async () => {
    app = await startClaimsApp();
    client = app.page;
    // Its own tab: the staff key lives in that tab's sessionStorage only.
    staff = await app.browser.context.newPage();
    staff.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('submits a claim through the public form', async () => {
    const { server } = app;
    await client.goto(`${server.url}/`);
    await client.getByLabel('Company name').fill('Journey Hardware Inc');
    await client.getByLabel('Your name').fill('Jo Journey');
    await client.getByLabel(/^Email/).fill(EMAIL);
    await client.getByLabel('Phone').first().fill('+1 555 0142');
    await client.getByLabel('Debtor name').fill('Late Payer Corp');
    await client.getByLabel('Type of business').selectOption('CORPORATION');
    await client.getByLabel('Debtor email').fill('ap@latepayer.test');
    await client.getByLabel('Debtor address').fill('9 Dock Rd, Portland, OR 97201');
    await client.getByLabel('Amount owed (USD)').fill('12,345.67');
    await client.getByLabel('Invoice date').fill('2026-01-15');
    await client.getByLabel('Your reference').fill('INV-4242');
    await client.getByLabel('What is the debt for?').fill(DESCRIPTION);
    await client.getByLabel(/I confirm the information is accurate/).check();
    await client.getByRole('button', { name: 'Submit claim' }).click();

    const number = client.getByTestId('claim-number');
    await expect.poll(() => number.textContent()).toMatch(/^CLM-\d{4}-\d{4}$/);
    claimNumber = (await number.textContent()) ?? '';
    const stored = await call(server, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(stored.body.amount_cents).toBe(1_234_567);
    expect(stored.body.description).toBe(DESCRIPTION);
  });

  it('signs in with the emailed link and lists the claim', async () => {
    const { server } = app;
    await client.getByRole('link', { name: 'Go to the client portal' }).click();
    expect(await client.getByLabel(/^Email/).inputValue()).toBe(EMAIL);
    await client.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await visible(client, 'Check your email');

    await client.goto(await signInLinkFor(server, EMAIL));
    await client.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => client.getByRole('heading', { name: 'My claims' }).isVisible()).toBe(true);

    const card = client.getByRole('listitem').filter({ hasText: claimNumber });
    expect(await card.textContent()).toContain('$12,345.67');
    expect(await card.textContent()).toContain('Late Payer Corp');
    expect(await card.textContent()).toContain('Received');
    expect(await card.textContent()).toContain('Submitted');
    await saveScreenshot(client, 'portal-claims');
  });

  it('shows the claim, uploads and downloads a PDF, refuses a fake one and sends a message', async () => {
    await client.getByRole('link', { name: claimNumber }).click();
    await expect.poll(() => client.getByRole('heading', { name: claimNumber }).isVisible()).toBe(true);
    expect(await client.locator('[aria-current="step"]').textContent()).toContain('Soft Touch');
    expect(await client.getByText(DESCRIPTION).count()).toBe(1);

    await client.locator('input[type="file"]').setInputFiles({ name: 'invoice-4242.pdf', mimeType: 'application/pdf', buffer: pdf });
    await visible(client, 'invoice-4242.pdf was uploaded.');
    const documents = client.getByRole('list', { name: 'Documents' });
    await expect.poll(() => documents.textContent()).toContain('invoice-4242.pdf');
    await visible(client, 'Document uploaded: invoice-4242.pdf');

    // Dropped, not picked: the drop zone takes files dragged onto it.
    const dropped = await client.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'scan.pdf', { type: 'application/pdf' }));

        return transfer;
      },
      [...Buffer.from('this is plain text pretending to be a PDF')],
    );
    await client.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await visible(client, 'scan.pdf was not uploaded');
    await visible(client, /This file type is not accepted/);

    const download = client.waitForEvent('download');
    await client.getByRole('button', { name: 'Download invoice-4242.pdf' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('invoice-4242.pdf');
    expect(readFileSync((await saved.path()) ?? '')).toEqual(pdf);

    await client.getByLabel('Subject').selectOption('New information about the debtor');
    await client.getByRole('textbox', { name: 'Message' }).fill(MESSAGE);
    await client.getByRole('button', { name: 'Send message' }).click();
    await visible(client, 'Your message was sent.');
    const timeline = client.getByRole('list', { name: 'Notes' });
    await expect.poll(() => timeline.textContent()).toContain(MESSAGE);
    expect(await timeline.textContent()).toContain('New information about the debtor');
    expect(await timeline.innerHTML()).not.toContain('<b>');
    await saveScreenshot(client, 'portal-claim');
  });

  it('lets staff sign in with the key, find the claim and filter the table', async () => {
    const { server } = app;
    await staff.goto(`${server.url}/staff`);
    await saveScreenshot(staff, 'staff-sign-in');
    await staff.getByLabel('Staff key').fill('not-the-key');
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await visible(staff, 'That staff key was not accepted.');
    await staff.getByLabel('Staff key').fill(server.staffKey);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => staff.getByRole('heading', { name: 'Claims' }).isVisible()).toBe(true);
    expect(await staff.evaluate(() => window.sessionStorage.getItem('switchyard.claims.staff-key'))).toBe(server.staffKey);
    // The key never reaches storage that outlives the browser session.
    expect(await staff.evaluate(() => JSON.stringify({ ...window.localStorage }))).not.toContain(server.staffKey);

    await call(server, 'POST', '/api/intake', {
      body: {
        client: { company_name: 'Other Co', contact_name: 'Olive Other', email: 'other@example.test' },
        debtor: { name: 'Someone Else LLC' },
        claim: { amount_cents: 5000 },
        tos_accepted: true,
      },
    });
    await staff.reload();
    const table = staff.getByRole('table');
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await staff.getByLabel('Search').fill('Journey Hardware');
    await staff.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.textContent()).toContain(claimNumber);
    expect(staff.url()).toContain('q=Journey+Hardware');
    await saveScreenshot(staff, 'staff-claims');

    await staff.getByLabel('Status').selectOption('ACTIVE');
    await visible(staff, 'No claims match these filters');
    await staff.getByLabel('Status').selectOption('');
    await staff.getByRole('link', { name: claimNumber }).click();
    await expect.poll(() => staff.getByRole('heading', { name: claimNumber }).isVisible()).toBe(true);
    expect(await staff.getByText('ap@latepayer.test').count()).toBe(1);
    expect(await staff.getByText('9 Dock Rd, Portland, OR 97201').count()).toBe(1);
    expect(await staff.getByText(MESSAGE).count()).toBe(1);
  });

  it('moves the claim to ACTIVE and the lien threat, adds notes and documents', async () => {
    // Saving with nothing chosen is refused; a new choice clears that refusal.
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await visible(staff, 'Choose a new status or tier first.');
    await staff.getByLabel('Status', { exact: true }).selectOption('ACTIVE');
    await expect.poll(() => staff.getByText('Choose a new status or tier first.').count()).toBe(0);
    await staff.getByLabel('Tier', { exact: true }).selectOption('TIER_2_5');
    expect(await staff.getByLabel('Tell the client about the new status and recovery stage (adds a shared update note)').isChecked()).toBe(
      true,
    );
    await staff.getByLabel('Reason').fill('Documents check out; debtor ignored two reminders');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await visible(staff, 'Saved: In Progress, Lien Threat.');
    const audit = staff.getByRole('region', { name: 'Audit entries' });
    await expect.poll(() => audit.textContent()).toContain('status: NEW → ACTIVE');
    expect(await audit.textContent()).toContain('Documents check out; debtor ignored two reminders');

    await staff.getByRole('textbox', { name: 'Note', exact: true }).fill(INTERNAL_NOTE);
    await staff.getByLabel('Internal (staff only)').check();
    await staff.getByRole('button', { name: 'Add internal note' }).click();
    const notes = staff.getByRole('list', { name: 'Notes' });
    await expect.poll(() => notes.textContent()).toContain(INTERNAL_NOTE);
    expect(await staff.locator('[data-visibility="INTERNAL"]').filter({ hasText: INTERNAL_NOTE }).count()).toBe(1);

    await staff.getByRole('textbox', { name: 'Note', exact: true }).fill(SHARED_NOTE);
    await staff.getByLabel('Shared with the client').check();
    await staff.getByRole('button', { name: 'Add shared note' }).click();
    await expect.poll(() => notes.textContent()).toContain(SHARED_NOTE);

    await staff.getByLabel('Let the client see this document').check();
    await staff.locator('input[type="file"]').setInputFiles({ name: 'demand-letter.pdf', mimeType: 'application/pdf', buffer: pdf });
    await visible(staff, 'demand-letter.pdf was uploaded.');
    await staff.getByLabel('Let the client see this document').uncheck();
    await staff.locator('input[type="file"]').setInputFiles({ name: 'internal-memo.pdf', mimeType: 'application/pdf', buffer: pdf });
    await visible(staff, 'internal-memo.pdf was uploaded.');
    const documents = staff.getByRole('list', { name: 'Documents' });
    await expect.poll(() => documents.getByRole('listitem').count()).toBe(3);
    expect(await documents.getByRole('listitem').filter({ hasText: 'internal-memo.pdf' }).textContent()).toContain('Internal only');
    expect(await documents.getByRole('listitem').filter({ hasText: 'demand-letter.pdf' }).textContent()).toContain('Visible to client');
    // On a wide screen the side column holds the facts: the phone's key-facts card stays hidden.
    expect(await staff.getByRole('heading', { name: 'Key facts' }).isVisible()).toBe(false);
    await saveScreenshot(staff, 'staff-claim');
  });

  it('shows the statistics', async () => {
    await staff.getByRole('link', { name: 'Statistics' }).click();
    await expect.poll(() => staff.getByRole('heading', { name: 'Statistics' }).isVisible()).toBe(true);
    const metrics = staff.getByRole('region', { name: 'Totals' });
    expect(await metrics.textContent()).toContain('$12,395.67');
    expect(await staff.locator('[data-key="ACTIVE"] .bars__value').textContent()).toBe('1');
    expect(await staff.locator('[data-key="NEW"] .bars__value').textContent()).toBe('1');
    expect(await staff.locator('[data-key="TIER_2_5"] .bars__value').textContent()).toBe('1');
    expect(await staff.locator('[data-key="TIER_4"] .bars__value').textContent()).toBe('0');
    await saveScreenshot(staff, 'staff-stats');
  });

  it('shows the client the new status, the Lien Threat badge and only shared notes and files', async () => {
    await client.reload();
    await expect.poll(() => client.getByRole('heading', { name: claimNumber }).isVisible()).toBe(true);
    expect(await client.locator('[data-status="ACTIVE"]').textContent()).toBe('In Progress');
    const current = client.locator('[aria-current="step"]');
    expect(await current.textContent()).toContain('Formal Demand');
    expect(await current.textContent()).toContain('Lien Threat');
    const timeline = client.getByRole('list', { name: 'Notes' });
    expect(await timeline.textContent()).toContain(SHARED_NOTE);
    expect(await timeline.textContent()).toContain('Status changed to In Progress');
    expect(await client.content()).not.toContain('debtor owns the warehouse');
    const documents = client.getByRole('list', { name: 'Documents' });
    expect(await documents.textContent()).toContain('demand-letter.pdf');
    expect(await documents.textContent()).not.toContain('internal-memo.pdf');
    await saveScreenshot(client, 'portal-claim-updated');
  });

  it('fits a phone screen', async () => {
    await client.setViewportSize(MOBILE_VIEWPORT);
    await staff.setViewportSize(MOBILE_VIEWPORT);
    await client.reload();
    await expect.poll(() => client.getByRole('heading', { name: claimNumber }).isVisible()).toBe(true);
    expect(await client.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(client, 'portal-claim-mobile');
    await client.getByRole('link', { name: 'My claims' }).first().click();
    await expect.poll(() => client.getByRole('heading', { name: 'My claims' }).isVisible()).toBe(true);
    await saveScreenshot(client, 'portal-claims-mobile');
    await staff.goto(`${app.server.url}/staff`);
    await expect.poll(() => staff.getByRole('table').isVisible()).toBe(true);
    // Each claim is a card on a phone: neither the page nor the table scrolls sideways.
    expect(await sideways(staff)).toEqual({ page: 0, tables: 1, tooWide: [] });
    expect(await staff.getByRole('region', { name: 'Claims table' }).getByRole('rowheader').count()).toBe(2);
    await saveScreenshot(staff, 'staff-claims-mobile');
    await staff.goto(`${app.server.url}/staff/claims/${claimNumber}`);
    await expect.poll(() => staff.getByRole('heading', { name: claimNumber }).isVisible()).toBe(true);
    expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The key facts lead the page, documents come before the notes, and the audit trail is cards.
    const top = async (name: string) => (await staff.getByRole('heading', { name, exact: true }).boundingBox())?.y ?? Number.NaN;
    const keyFacts = staff.getByRole('region', { name: 'Key facts' });
    expect(await keyFacts.isVisible()).toBe(true);
    expect(await keyFacts.textContent()).toContain('$12,345.67');
    expect(await keyFacts.textContent()).toContain('Lien Threat');
    expect(await top('Key facts')).toBeLessThan(await top('Status and tier'));
    // The correction sits under the key facts it corrects, not below the audit trail.
    const correctAt = (await staff.getByRole('button', { name: 'Correct details' }).boundingBox())?.y ?? Number.NaN;
    expect(correctAt).toBeGreaterThan(await top('Key facts'));
    expect(correctAt).toBeLessThan(await top('Status and tier'));
    expect(await top('Documents')).toBeLessThan(await top('Notes'));
    expect(await top('Notes')).toBeLessThan(await top('Audit trail'));
    expect(await sideways(staff)).toMatchObject({ page: 0, tooWide: [] });
    const auditCards = staff.getByRole('region', { name: 'Audit entries' }).getByRole('rowheader');
    expect(await auditCards.first().isVisible()).toBe(true);
    expect(await auditCards.allTextContents()).toContain('Status changed');
    await saveScreenshot(staff, 'staff-claim-mobile');
  });

  it('corrects the amount after reviewing the change, and the audit trail shows it before and after', async () => {
    await staff.setViewportSize(DESKTOP_VIEWPORT);
    await staff.goto(`${app.server.url}/staff/claims/${claimNumber}`);
    await expect.poll(() => staff.getByRole('heading', { name: claimNumber }).isVisible()).toBe(true);
    await staff.getByRole('button', { name: 'Correct details' }).click();
    const form = staff.getByRole('form', { name: 'Correct details' });
    // Prefilled with the claim as stored.
    expect(await form.getByLabel('Amount (USD)').inputValue()).toBe('12345.67');
    expect(await form.getByLabel('Debtor name').inputValue()).toBe('Late Payer Corp');
    expect(await form.getByLabel('Debtor email').inputValue()).toBe('ap@latepayer.test');

    // Nothing changed, then a bad amount and no reason: each refusal sits beside its field.
    await form.getByRole('button', { name: 'Review changes' }).click();
    await visible(staff, 'Change at least one detail before reviewing.');
    await form.getByLabel('Amount (USD)').fill('12,4oo');
    await form.getByRole('button', { name: 'Review changes' }).click();
    await expect.poll(() => form.locator('#correct-amount-error').isVisible()).toBe(true);
    await form.getByLabel('Amount (USD)').fill('12,400.00');
    await form.getByRole('button', { name: 'Review changes' }).click();
    await expect.poll(() => form.locator('#correct-reason-error').textContent()).toMatch(/is required/);
    await shootAtBothWidths(staff, 'staff-correct-details-form', async ({ label }) => {
      expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), label).toBeLessThanOrEqual(0);
    });
    await form.getByLabel('Reason for the correction').fill('The client sent the corrected invoice');
    await form.getByRole('button', { name: 'Review changes' }).click();

    const review = staff.getByRole('group', { name: 'Review changes' });
    await expect.poll(() => review.isVisible()).toBe(true);
    // Only the changed field is listed, before and after.
    expect(await review.getByRole('listitem').count()).toBe(1);
    expect(await review.getByRole('listitem').textContent()).toMatch(/Amount\$12,345\.67.*\$12,400\.00/);
    await shootAtBothWidths(staff, 'staff-correct-details-review', async ({ label }) => {
      expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), label).toBeLessThanOrEqual(0);
    });
    await review.getByRole('button', { name: 'Save correction' }).click();
    await visible(staff, 'Corrected: amount.');
    await expect.poll(() => staff.locator('.facts__amount').first().textContent()).toBe('$12,400.00');

    const audit = staff.getByRole('region', { name: 'Audit entries' });
    const row = audit.getByRole('row').filter({ hasText: 'Details corrected' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/Amount\$12,345\.67.*\$12,400\.00/);
    expect(await row.textContent()).toContain('The client sent the corrected invoice');
    const stored = await call(app.server, 'GET', `/api/staff/claims/${claimNumber}`, { staff: true });
    expect(stored.body.amount_cents).toBe(1_240_000);
    await row.scrollIntoViewIfNeeded();
    await shootAtBothWidths(staff, 'staff-correct-details-audit', async ({ label }) => {
      expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), label).toBeLessThanOrEqual(0);
    });
  });

  it('signs the client out and revokes the session', async () => {
    const token = await client.evaluate(() => JSON.parse(window.localStorage.getItem('switchyard.claims.session') ?? '{}').token as string);
    await client.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => client.url()).toBe(`${app.server.url}/portal/sign-in?notice=signed-out`);
    expect(await client.evaluate(() => window.localStorage.getItem('switchyard.claims.session'))).toBeNull();
    expect((await call(app.server, 'GET', '/api/claims', { token })).status).toBe(401);
    await client.goto(`${app.server.url}/portal`);
    await expect.poll(() => client.url()).toBe(`${app.server.url}/portal/sign-in`);
  });
});
