import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { startFakeStripeCheckout } from '../support/browser/fake-stripe-checkout.ts';
import { sideways } from '../support/browser/page-width.ts';
import { shootAtBothWidths } from '../support/browser/screenshots.ts';
import { OPERATOR, startTransportApp, type TransportApp } from '../support/browser/transport-app.ts';

const WEBHOOK_SECRET = 'whsec_term_week_test';
const FAMILY = { name: 'Amara Okafor', email: 'amara.okafor@family.test', password: 'term-week-42', child: 'Chidi Okafor' };
/** Registered on paper and approved: the second household billed this week. */
const BELL = { name: 'Grace Bell', email: 'grace.bell@family.test', child: 'Milo Bell' };
/** Still pending: left out of the week. */
const PENDING = { name: 'Tom Pending', email: 'tom.pending@family.test', child: 'Ivy Pending' };

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);

const signIn = async (page: Page, url: string, user: { email: string; password: string }) => {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Nothing scrolls sideways, no table is wider than its region, and an open dialog lies wholly on screen. */
const fitsScreen = async (page: Page, where: string) => {
  expect((await sideways(page)).page, where).toBeLessThanOrEqual(0);
  expect((await sideways(page)).tooWide, where).toEqual([]);
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) > 0) {
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport, where).toBeTruthy();
    if (box && viewport) {
      expect(box.x, where).toBeGreaterThanOrEqual(0);
      expect(box.y, where).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
    }
    // Every button of the dialog can be pressed without scrolling the page.
    for (const button of await dialog.getByRole('button').all()) {
      const area = await button.boundingBox();
      expect(area && area.x >= 0 && area.x + area.width <= (viewport?.width ?? 0), `${where}: ${await button.textContent()}`).toBe(true);
    }
  }
};

/** The page as it is, at desktop and at phone width, checked to fit, then back at desktop width. */
const shoot = (page: Page, name: string) =>
  shootAtBothWidths(page, `transport-term-${name}`, ({ label }) => fitsScreen(page, `${name} (${label})`));

const registerOnPaper = async (url: string, who: { name: string; email: string; child: string }) => {
  const answer = await fetch(`${url}/api/registrations/full`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      tenant: 'demo',
      parent: { name: who.name, email: who.email, phone: '912-555-0100' },
      children: [{ name: who.child, school_id: 'oak-elementary', transport_need: 'both' }],
      policy_acknowledged: ['rider-safety', 'registration-fee', 'pickup-policy'],
    }),
  });
  expect(answer.status).toBe(201);
};

describe.skipIf(skipWithoutBrowser())(
  'transport term week: registration, fee paid by card, the week billed, paid in part and voided, all audited',
  () => {
    let app: TransportApp;
    let stripe: Awaited<ReturnType<typeof startFakeStripeCheckout>>;
    let family: Page;
    let staff: Page;

    beforeAll(async () => {
      stripe = await startFakeStripeCheckout(WEBHOOK_SECRET);
      app = await startTransportApp({ STRIPE_URL: stripe.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
      stripe.deliverTo(app.server.url);
      family = await app.open();
      staff = await app.open();
    });

    afterAll(async () => {
      await app?.close();
      await stripe?.close();
    });

    it('a family creates an account and registers its child', async () => {
      await family.goto(`${app.server.url}/?tenant=demo`);
      await heading(family, 'Demo School Transport');
      await family.getByRole('link', { name: 'Create an account' }).click();
      await family.getByLabel('Your name').fill(FAMILY.name);
      await family.getByLabel('Email').fill(FAMILY.email);
      await family.getByLabel('Password').fill(FAMILY.password);
      await family.getByRole('button', { name: 'Create account' }).click();
      await heading(family, 'Register your children');
      await family.getByLabel('Your full name').fill(FAMILY.name);
      await family.getByLabel('Phone', { exact: true }).fill('912-555-0123');
      await family.getByLabel('Home address').fill('40 Abercorn St, Savannah');
      await family.getByLabel("Child's name").fill(FAMILY.child);
      await family.getByLabel('Grade').fill('4');
      await family.getByLabel('School').selectOption('oak-elementary');
      await family.getByLabel('Contact name').fill('Uncle Emeka');
      await family.getByLabel('Contact phone').fill('912-555-0177');
      for (const checkbox of await family.getByRole('checkbox', { name: /rider safety|registration fee|meets younger/ }).all()) {
        await checkbox.check();
      }
      await shoot(family, 'registration-form');
      await family.getByRole('button', { name: 'Send registration' }).click();
      await heading(family, 'My household');
      await visible(family, 'Registration sent');
      await shoot(family, 'household-pending');

      await registerOnPaper(app.server.url, BELL);
      await registerOnPaper(app.server.url, PENDING);
    });

    it('the operator opens the registration and approves it, after a Cancel', async () => {
      await signIn(staff, app.server.url, OPERATOR);
      await heading(staff, 'Dashboard');
      await staff.getByRole('link', { name: 'Registrations' }).first().click();
      await heading(staff, 'Registrations');
      await expect.poll(() => staff.getByRole('region', { name: 'Registrations' }).textContent()).toContain(FAMILY.name);
      await shoot(staff, 'operator-registrations');
      await staff.getByRole('link', { name: `Review ${FAMILY.name}` }).click();
      await heading(staff, FAMILY.name);
      await visible(staff, '40 Abercorn St, Savannah');
      await visible(staff, 'Uncle Emeka');
      await shoot(staff, 'operator-registration');
      await staff.getByRole('button', { name: 'Approve…' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await staff.getByRole('dialog').count()).toBe(0);
      await staff.getByRole('button', { name: 'Approve…' }).click();
      await shoot(staff, 'operator-approve-dialog');
      await staff.getByRole('dialog').getByRole('button', { name: 'Approve and email the fee' }).click();
      await visible(staff, 'Approved. The family was emailed the registration fee.');
      const mail = await app.server.smtp.waitFor((message) => message.to.includes(FAMILY.email));
      // The mail leads to the fee's pay page of ours, which makes the checkout when the family pays.
      expect(mail.text).toMatch(/\/pay\/[A-Za-z0-9_-]{32}/);
      expect(mail.text).not.toContain(stripe.url);

      // The household that registered on paper is approved the same way; the third stays pending.
      await staff.getByRole('link', { name: 'All registrations' }).click();
      await staff.getByRole('link', { name: `Review ${BELL.name}` }).click();
      await heading(staff, BELL.name);
      await staff.getByRole('button', { name: 'Approve…' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Approve and email the fee' }).click();
      await visible(staff, 'Approved. The family was emailed the registration fee.');
    });

    it('the family pays the registration fee through Stripe checkout, and its page shows it paid', async () => {
      await family.reload();
      await heading(family, 'My household');
      await expect.poll(() => family.getByTestId('total-outstanding').textContent()).toBe('$50.00');
      const fee = family.getByRole('region', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'Registration fee' });
      expect(await fee.locator('[data-state]').textContent()).toBe('Sent');
      await shoot(family, 'household-fee-due');
      await fee.getByRole('link', { name: 'Pay now' }).click();
      await heading(family, 'Registration fee');
      expect(await family.getByTestId('pay-balance').textContent()).toBe('$50.00');
      await shoot(family, 'pay-page-fee');
      await family.getByRole('button', { name: 'Pay $50.00' }).click();
      await expect.poll(() => family.getByRole('heading', { name: /^Pay .*registration fee$/i }).isVisible()).toBe(true);
      await family.getByRole('button', { name: 'Pay $50.00' }).click();
      // Stripe sends the payer back to the pay page once the notification has been answered.
      await heading(family, 'Payment received, thank you');
      expect(family.url()).toMatch(new RegExp(`^${app.server.url}/pay/[A-Za-z0-9_-]{32}\\?checkout=`));
      expect(await family.getByTestId('pay-balance').textContent()).toBe('$0.00');
      await shoot(family, 'pay-page-received');
      expect(stripe.deliveries).toHaveLength(1);
      expect(stripe.deliveries[0]?.status).toBe(200);
      expect(JSON.parse(stripe.deliveries[0]?.body ?? '{}')).toMatchObject({ received: true, outcome: 'recorded' });
      await family.goto(`${app.server.url}/family`);
      await heading(family, 'My household');
      await expect.poll(() => fee.locator('[data-state]').textContent()).toBe('Paid');
      expect(await family.getByTestId('total-outstanding').textContent()).toBe('$0.00');
      expect(await fee.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
      await shoot(family, 'household-fee-paid');
    });

    it('the operator bills the week for approved households only, and the family sees the draft as not yet due', async () => {
      await staff.getByRole('link', { name: 'Billing' }).first().click();
      await heading(staff, 'Billing');
      await staff.getByRole('button', { name: 'Generate this week’s invoices' }).click();
      await visible(staff, /^2 draft invoices for /);
      await shoot(staff, 'operator-billing');

      await staff.getByRole('link', { name: 'Invoices' }).first().click();
      await heading(staff, 'Invoices');
      const table = staff.getByRole('region', { name: 'Invoices' });
      await expect.poll(() => table.getByRole('row').filter({ hasText: 'Week of' }).count()).toBe(2);
      expect(await table.getByRole('row').filter({ hasText: FAMILY.name }).filter({ hasText: 'Week of' }).count()).toBe(1);
      expect(await table.getByRole('row').filter({ hasText: BELL.name }).filter({ hasText: 'Week of' }).count()).toBe(1);
      expect(await table.getByRole('row').filter({ hasText: PENDING.name }).filter({ hasText: 'Week of' }).count()).toBe(0);

      // A draft is not a bill: the family sees it as not yet due, with nothing to pay and nothing owed.
      await family.reload();
      await heading(family, 'My household');
      const week = family.getByRole('region', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'Transport' });
      await expect.poll(() => week.locator('[data-state]').textContent()).toBe('Not yet due');
      expect(await family.getByRole('region', { name: 'Invoices' }).textContent()).not.toContain('Draft');
      expect(await week.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
      expect(await week.textContent()).toContain('Emailed when due');
      expect(await family.getByTestId('total-outstanding').textContent()).toBe('$0.00');
      await shoot(family, 'household-week-not-yet-due');
    });

    it('the operator sends the invoices, records a partial cheque, sees the rest outstanding and voids the other', async () => {
      const table = staff.getByRole('region', { name: 'Invoices' });
      for (const who of [FAMILY.name, BELL.name]) {
        await staff.getByRole('button', { name: new RegExp(`^Send Week of .* to ${who}$`) }).click();
        await shoot(staff, 'operator-send-dialog');
        await staff.getByRole('dialog').getByRole('button', { name: 'Send invoice' }).click();
        await visible(staff, new RegExp(`^Sent Week of .* to ${who}\\.$`));
      }
      await expect.poll(() => table.getByRole('row').filter({ hasText: 'Week of' }).locator('[data-state="sent"]').count()).toBe(2);

      await staff.getByRole('button', { name: new RegExp(`^Record a payment on Week of .* from ${FAMILY.name}$`) }).click();
      const dialog = staff.getByRole('dialog');
      expect(await dialog.getByLabel('Amount received ($)').inputValue()).toBe('175.00');
      await dialog.getByLabel('Amount received ($)').fill('100');
      await dialog.getByLabel('Method').selectOption('check');
      await dialog.getByLabel('Reference (cheque number)').fill('1042');
      await shoot(staff, 'operator-payment-dialog');
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await visible(staff, `Recorded $100.00 from ${FAMILY.name}. $75.00 is still outstanding.`);
      const partial = table.getByRole('row').filter({ hasText: FAMILY.name }).filter({ hasText: 'Week of' });
      await expect.poll(() => partial.locator('[data-state]').textContent()).toBe('Partial');
      expect(await partial.textContent()).toContain('$75.00');

      await staff.getByLabel('Status').selectOption('outstanding');
      await expect.poll(() => staff.url()).toContain('status=outstanding');
      await expect.poll(() => table.getByRole('row').filter({ hasText: 'Week of' }).count()).toBe(2);
      await shoot(staff, 'operator-invoices-outstanding');

      const voidButton = staff.getByRole('button', { name: new RegExp(`^Void Week of .* of ${BELL.name}$`) });
      await voidButton.click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await staff.getByRole('dialog').count()).toBe(0);
      expect(
        await table.getByRole('row').filter({ hasText: BELL.name }).filter({ hasText: 'Week of' }).locator('[data-state]').textContent(),
      ).toBe('Sent');
      await voidButton.click();
      expect(await staff.getByRole('dialog').getByRole('button', { name: 'Void invoice' }).isDisabled()).toBe(true);
      await staff.getByRole('dialog').getByLabel('Reason').fill('Milo moved school before the week began');
      await shoot(staff, 'operator-void-dialog');
      await staff.getByRole('dialog').getByRole('button', { name: 'Void invoice' }).click();
      await visible(staff, new RegExp(`^Voided Week of .* of ${BELL.name}\\.$`));
      await staff.getByLabel('Status').selectOption('');
      const voided = table.getByRole('row').filter({ hasText: BELL.name }).filter({ hasText: 'Week of' });
      await expect.poll(() => voided.locator('[data-state]').textContent()).toBe('Void');
      expect(await voided.getByRole('button').count()).toBe(0);
      expect(await voided.textContent()).toContain('Nothing to do');
      await shoot(staff, 'operator-invoices');

      // The family owes the rest of the week and can pay it by card.
      await family.reload();
      await heading(family, 'My household');
      await expect.poll(() => family.getByTestId('total-outstanding').textContent()).toBe('$75.00');
      const week = family.getByRole('region', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'Transport' });
      expect(await week.locator('[data-state]').textContent()).toBe('Partial');
      expect(await week.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toMatch(/^\/pay\/[A-Za-z0-9_-]{32}$/);
      await shoot(family, 'household-week-partial');

      // The mailed link leads to the pay page, which asks for the rest only: paid exactly the amount.
      const weekMail = await app.server.smtp.waitFor((message) => message.to.includes(FAMILY.email) && message.subject.includes('invoice'));
      const mailedPath = new URL(/https?:\/\/\S+\/pay\/[A-Za-z0-9_-]{32}/.exec(weekMail.text)?.[0] ?? 'http://x/').pathname;
      await family.goto(`${app.server.url}${mailedPath}`);
      await expect
        .poll(() =>
          family
            .getByRole('heading', { name: /^School transport, week of [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/ })
            .isVisible(),
        )
        .toBe(true);
      expect(await family.getByTestId('pay-balance').textContent()).toBe('$75.00');
      await shoot(family, 'pay-page-rest');
      await family.getByRole('button', { name: 'Pay $75.00' }).click();
      await expect.poll(() => family.getByRole('heading', { name: /^Pay School transport/ }).isVisible()).toBe(true);
      await family.getByRole('button', { name: 'Pay $75.00' }).click();
      await heading(family, 'Payment received, thank you');
      expect(await family.getByTestId('pay-balance').textContent()).toBe('$0.00');
      await family.goto(`${app.server.url}/family`);
      await heading(family, 'My household');
      await expect.poll(() => week.locator('[data-state]').textContent()).toBe('Paid');
      expect(await family.getByTestId('total-outstanding').textContent()).toBe('$0.00');
      const paidWeek = await fetch(`${app.server.url}/api/payments/pay${mailedPath.slice('/pay'.length)}`).then((answer) => answer.json());
      expect(paidWeek).toMatchObject({ amount: 175, amount_paid: 175, balance: 0, status: 'paid' });
    });

    it('an overpaid cheque is taken only as household credit, chosen explicitly, and shows on the household and billing pages', async () => {
      await staff.getByRole('link', { name: 'Invoices' }).first().click();
      await heading(staff, 'Invoices');
      await staff.getByRole('button', { name: `Record a payment on Registration fee from ${BELL.name}` }).click();
      const dialog = staff.getByRole('dialog');
      expect(await dialog.getByLabel('Date received').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await dialog.getByLabel('Amount received ($)').fill('60');
      await dialog.getByLabel('Method').selectOption('check');
      await dialog.getByLabel('Reference (cheque number)').fill('2201');
      // More than owed: said beside the amount, and taken only once the excess is chosen to be credit.
      await visible(staff, 'That is $10.00 more than the $50.00 still owed. Change the amount, or keep the excess as household credit.');
      expect(await dialog.getByRole('button', { name: 'Record payment' }).isDisabled()).toBe(true);
      await shoot(staff, 'operator-payment-over-balance');
      await dialog.getByLabel('Record the excess as credit').check();
      expect(await dialog.getByRole('button', { name: 'Record payment' }).isDisabled()).toBe(false);
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await visible(staff, `Recorded $60.00 from ${BELL.name}. The invoice is paid. $10.00 is kept as household credit.`);

      // The invoice's own page: what was paid, how, what became credit, and its history.
      await staff.getByRole('link', { name: `Details of Registration fee of ${BELL.name}` }).click();
      await heading(staff, 'Registration fee');
      await visible(staff, 'Overpaid by $10.00: kept as household credit');
      expect(await staff.getByTestId('invoice-balance').textContent()).toBe('$0.00');
      await expect.poll(() => staff.getByRole('region', { name: 'Audit entries' }).textContent()).toContain('payment.record');
      await shoot(staff, 'operator-invoice-detail');

      await staff.getByRole('link', { name: 'Open the household' }).click();
      await heading(staff, BELL.name);
      await expect.poll(() => staff.getByTestId('household-credit').textContent()).toBe('$10.00');
      await shoot(staff, 'operator-household-credit');
      await staff.getByRole('link', { name: 'Billing' }).first().click();
      await heading(staff, 'Billing');
      await expect.poll(() => staff.getByTestId('total-credit').textContent()).toContain('$10.00');
      await shoot(staff, 'operator-billing-credits');
    });

    it('the audit log lists every step with its actor', async () => {
      await staff.getByRole('link', { name: 'Audit log' }).first().click();
      await heading(staff, 'Audit log');
      const entries = staff.getByRole('region', { name: 'Audit entries' }).getByRole('listitem');
      const actorOf = async (action: string): Promise<string[]> => {
        const rows = entries.filter({ has: staff.locator('strong', { hasText: new RegExp(`^${action.replace('.', '\\.')}$`) }) });

        return rows.locator('.audit-entry__actor').allTextContents();
      };
      await expect.poll(() => actorOf('registration.approve')).toEqual([OPERATOR.email, OPERATOR.email]);
      // The fee, then the rest of the week paid through the mailed link.
      expect(await actorOf('payment.provider')).toEqual(['provider:stripe', 'provider:stripe']);
      expect(await actorOf('invoice.generate')).toEqual([OPERATOR.email]);
      expect(await actorOf('invoice.send')).toEqual([OPERATOR.email, OPERATOR.email]);
      expect(await actorOf('payment.record')).toEqual([OPERATOR.email, OPERATOR.email]);
      expect(await actorOf('invoice.void')).toEqual([OPERATOR.email]);
      await shoot(staff, 'operator-audit');

      await staff.getByLabel('What').selectOption('invoice:');
      await expect.poll(() => staff.url()).toContain('resource=invoice');
      await expect.poll(() => actorOf('registration.approve')).toEqual([]);
      expect(await actorOf('payment.record')).toEqual([OPERATOR.email, OPERATOR.email]);
      expect(await actorOf('payment.provider')).toEqual(['provider:stripe', 'provider:stripe']);
      await shoot(staff, 'operator-audit-invoices');
    });
  },
);
