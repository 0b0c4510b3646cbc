import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { insertTenant } from '@switchyard/db/transport/tenants/tenant-admin';
import { createBuiltinUser } from '../../apps/api/src/transport/identity/builtin-users.ts';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { MOBILE_VIEWPORT, saveScreenshot } from '../support/browser/screenshots.ts';
import { ADMIN, OPERATOR, startTransportApp, type TransportApp } from '../support/browser/transport-app.ts';
import { sideways } from '../support/browser/page-width.ts';

const PARENT = { name: 'Rosa Martinez', email: 'rosa.martinez@family.test', password: 'school-bus-42' };
const HARBOR_PARENT = { name: 'Noor Haddad', email: 'noor.haddad@family.test', password: 'harbor-bus-7' };
const HARBOR_OPERATOR = { email: 'dispatch@harbor.test', password: 'harbor-operator-1' };
/** The app's own primary colour (shared/styles/base.css) and text colour, as computed styles read. */
const APP_PRIMARY = 'rgb(29, 78, 216)';
const APP_TEXT = 'rgb(17, 24, 39)';
const WHITE = 'rgb(255, 255, 255)';
/** Monday of the current Monday-to-Sunday week (UTC, the demo tenant's zone): the week the operator bills below is the first week of service. */
const mondayOfThisWeek = (): string => {
  const today = new Date();
  const sinceMonday = (today.getUTCDay() + 6) % 7;

  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - sinceMonday * 86_400_000)
    .toISOString()
    .slice(0, 10);
};

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
const figure = (page: Page, label: string) => page.getByRole('group', { name: label }).locator('.stat-tile__value');
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const fitsPhone = async (page: Page, path: string, tables: number) => {
  await expect.poll(() => page.locator('table').count(), { message: path }).toBe(tables);
  expect(await sideways(page), path).toEqual({ page: 0, tables, tooWide: [] });
};
const computed = (locator: Locator, property: 'backgroundColor' | 'color' | 'borderTopColor') =>
  locator.evaluate((element, name) => getComputedStyle(element)[name], property);

const signIn = async (page: Page, url: string, user: { email: string; password: string }) => {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

describe.skipIf(skipWithoutBrowser())(
  'transport journey: a family registers, the operator approves and plans, an administrator steps in',
  () => {
    let app: TransportApp;
    let family: Page;
    let staff: Page;

    beforeAll(async () => {
      app = await startTransportApp();
      family = await app.open();
      staff = await app.open();
    });

    afterAll(async () => {
      await app?.close();
    });

    it('lets a family find its operator by code', async () => {
      await family.goto(`${app.server.url}/`);
      await saveScreenshot(family, 'transport-welcome');
      await family.getByLabel('Operator code').fill('nobody-here');
      await family.getByRole('button', { name: 'Continue' }).click();
      await visible(family, /No transport operator uses this code/);
      await family.getByLabel('Operator code').fill('demo');
      await family.getByRole('button', { name: 'Continue' }).click();
      await heading(family, 'Demo School Transport');
      await visible(family, '$175.00 a week per child');
      await visible(family, 'Oak Elementary');
      await saveScreenshot(family, 'transport-welcome-operator');
    });

    it('creates a parent account and sends the full registration, with errors under their fields first', async () => {
      await family.getByRole('link', { name: 'Create an account' }).click();
      await family.getByLabel('Your name').fill(PARENT.name);
      await family.getByLabel('Email').fill(PARENT.email);
      await family.getByLabel('Password').fill('short');
      await family.getByRole('button', { name: 'Create account' }).click();
      await visible(family, 'Password must be at least 6 characters.');
      await saveScreenshot(family, 'transport-create-account');
      await family.getByLabel('Password').fill(PARENT.password);
      await family.getByRole('button', { name: 'Create account' }).click();
      await heading(family, 'Register your children');
      expect(await family.getByLabel('Email').first().inputValue()).toBe(PARENT.email);

      await family.getByRole('button', { name: 'Send registration' }).click();
      await visible(family, 'Please correct the highlighted fields.');
      await visible(family, /Your full name/);
      expect(await family.locator('#parent\\.name-error').textContent()).toBeTruthy();
      expect(await family.locator('#children\\.0\\.name-error').textContent()).toBeTruthy();
      await visible(family, 'Please tick every statement to continue.');
      await saveScreenshot(family, 'transport-registration-errors');

      await family.getByLabel('Your full name').fill(PARENT.name);
      await family.getByLabel('Phone', { exact: true }).fill('912-555-0142');
      await family.getByLabel('Relationship to the children').first().fill('mother');
      await family.getByLabel('Home address').fill('12 Bay St, Savannah');
      await family.getByLabel('Add a second parent; they can share the invoices.').check();
      await family.getByLabel('Their full name').fill('Luis Martinez');
      await family.getByLabel('Their email').fill('not-an-email');
      await family.getByLabel("Child's name").fill('Ana Martinez');
      await family.getByLabel('Grade').fill('3');
      await family.getByLabel('School').selectOption('oak-elementary');
      await family.getByRole('button', { name: 'Add another child' }).click();
      await family.getByLabel("Child's name").nth(1).fill('Leo Martinez');
      await family.getByLabel('School').nth(1).selectOption('oak-elementary');
      await family.getByLabel('Rides').nth(1).selectOption('morning');
      await family.getByLabel('Contact name').fill('Grandma Ines');
      await family.getByLabel('Contact phone').fill('912-555-0199');
      await family.getByLabel('First pickup date').fill(mondayOfThisWeek());
      for (const checkbox of await family.getByRole('checkbox', { name: /rider safety|registration fee|meets younger/ }).all()) {
        await checkbox.check();
      }
      await family.getByRole('button', { name: 'Send registration' }).click();
      await visible(family, /Their email .*(email|Invalid)/i);
      await family.getByLabel('Their email').fill('luis.martinez@family.test');
      await saveScreenshot(family, 'transport-registration');
      await family.getByRole('button', { name: 'Send registration' }).click();

      await heading(family, 'My household');
      await visible(family, 'Registration sent');
      const household = family.getByRole('article', { name: `Household ${PARENT.name}` });
      await expect.poll(() => household.textContent()).toContain('Ana Martinez');
      expect(await household.textContent()).toContain('Leo Martinez');
      expect(await household.textContent()).toContain('$295.00');
      expect(await household.textContent()).toContain('Luis Martinez');
      expect(await household.locator('[data-state="pending"]').first().textContent()).toBe('Pending');
      expect(await family.getByTestId('total-outstanding').textContent()).toBe('$0.00');
      expect(await household.getByRole('region', { name: 'Invoices' }).textContent()).toContain('After approval');
      await saveScreenshot(family, 'transport-household-pending');
    });

    it('lets the operator sign in, see the figures and approve the registration', async () => {
      await signIn(staff, app.server.url, OPERATOR);
      await heading(staff, 'Dashboard');
      await expect.poll(() => figure(staff, 'Pending registrations').textContent()).toBe('1');
      expect(await figure(staff, 'Routes').textContent()).toBe('0');
      expect(await figure(staff, 'Active buses').textContent()).toBe('0');
      // Children of a registration still pending do not ride yet.
      expect(await figure(staff, 'Riding children').textContent()).toBe('0');
      await visible(staff, '68 °F');
      await saveScreenshot(staff, 'transport-operator-dashboard');

      await staff.getByRole('link', { name: 'Registrations' }).first().click();
      await heading(staff, 'Registrations');
      const table = staff.getByRole('region', { name: 'Registrations' });
      await expect.poll(() => table.textContent()).toContain(PARENT.name);
      expect(await table.textContent()).toContain('Ana Martinez, Leo Martinez');
      await saveScreenshot(staff, 'transport-operator-registrations');
      await staff.getByRole('link', { name: `Review ${PARENT.name}` }).click();
      await heading(staff, PARENT.name);
      await visible(staff, 'Mornings only');
      await staff.getByRole('button', { name: 'Approve…' }).click();
      const dialog = staff.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await staff.getByRole('dialog').count()).toBe(0);
      await staff.getByRole('button', { name: 'Approve…' }).click();
      await saveScreenshot(staff, 'transport-operator-approve-confirm');
      await staff.getByRole('dialog').getByRole('button', { name: 'Approve and email the fee' }).click();
      await visible(staff, 'Approved. The family was emailed the registration fee.');
      await staff.getByRole('link', { name: 'All registrations' }).click();
      await visible(staff, 'No registrations are waiting');
      await staff.getByLabel('Status').selectOption('approved');
      await expect.poll(() => staff.getByRole('region', { name: 'Registrations' }).textContent()).toContain(PARENT.name);
      expect(staff.url()).toContain('status=approved');
      // The mail leads to the fee's pay page, which makes a checkout for what is owed when used.
      expect((await app.server.smtp.waitFor((mail) => mail.to.includes(PARENT.email))).text).toMatch(/\/pay\/[A-Za-z0-9_-]{32}/);
    });

    it('adds a bus, refusing half a position', async () => {
      await staff.getByRole('link', { name: 'Buses' }).first().click();
      await heading(staff, 'Buses');
      await visible(staff, 'No buses yet');
      await staff.getByLabel('Bus id').fill('bus-7');
      await staff.locator('#new-bus-lat').fill('32.03');
      await staff.getByRole('button', { name: 'Add bus' }).click();
      await visible(staff, 'Give both latitude and longitude, or neither.');
      await staff.locator('#new-bus-lng').fill('-81.08');
      await staff.locator('#new-bus-speed').fill('0');
      await staff.getByRole('button', { name: 'Add bus' }).click();
      await visible(staff, 'Bus bus-7 was added.');
      const card = staff.getByRole('listitem', { name: 'Bus bus-7' });
      await expect.poll(() => card.textContent()).toContain('32.0300, -81.0800');
      expect(await card.locator('[data-state]').textContent()).toBe('Active');
      await staff.getByLabel('Bus id').fill('bus-7');
      await staff.getByRole('button', { name: 'Add bus' }).click();
      await visible(staff, 'Bus already exists');
      await saveScreenshot(staff, 'transport-operator-buses');
    });

    it('creates a route with stops and the bus, sees its traffic and weather, and edits it', async () => {
      await staff.getByRole('link', { name: 'Routes' }).first().click();
      await visible(staff, 'No routes yet');
      await staff.getByRole('link', { name: 'New route' }).click();
      await heading(staff, 'New route');
      await staff.getByLabel('Route name').fill('Bay Street Morning');
      await staff.getByLabel('Driver').fill('Sam Okafor');
      await staff.getByLabel('Bus').selectOption('bus-7');
      await staff.getByLabel('Runs').selectOption('morning');
      await staff.getByLabel('Stop 1 name').fill('Bay & Lincoln');
      await staff.locator('[id="stops.0.time"]').fill('07:05');
      await staff.locator('[id="stops.0.lat"]').fill('32.08');
      await staff.locator('[id="stops.0.lng"]').fill('-81.09');
      await staff.getByRole('button', { name: 'Add stop' }).click();
      await staff.getByLabel('Stop 2 name').fill('Oak Elementary');
      await staff.locator('[id="stops.1.address"]').fill('1 Oak St');
      await staff.locator('[id="stops.1.time"]').fill('07:40');
      await staff.locator('[id="stops.1.lat"]').fill('north');
      await staff.getByRole('button', { name: 'Create route' }).click();
      await expect.poll(() => staff.locator('[id="stops.1.lat-error"]').isVisible()).toBe(true);
      await saveScreenshot(staff, 'transport-operator-new-route');
      await staff.locator('[id="stops.1.lat"]').fill('32.04');
      await staff.locator('[id="stops.1.lng"]').fill('-81.07');
      await staff.getByRole('button', { name: 'Create route' }).click();

      await heading(staff, 'Bay Street Morning');
      await visible(staff, 'Route created.');
      const stops = staff.getByRole('region', { name: 'Stops' });
      expect(await stops.textContent()).toContain('Bay & Lincoln');
      // Times belong to the run: the morning timetable holds them.
      await expect.poll(() => staff.getByRole('region', { name: 'Timetable' }).textContent()).toContain('07:40');
      const traffic = staff.getByRole('region', { name: 'Traffic' });
      await expect.poll(() => traffic.textContent()).toContain('1 incident near the route');
      expect(await traffic.textContent()).toContain('Oak Elementary');
      expect(await traffic.locator('[data-state]').textContent()).toBe('Moderate');
      await visible(staff, '55–74 °F');
      await saveScreenshot(staff, 'transport-operator-route');

      await staff.getByRole('button', { name: 'Edit route' }).click();
      await staff.getByLabel('Route name').fill('Bay Street AM');
      await staff.getByRole('button', { name: 'Remove stop 1' }).click();
      await staff.getByRole('button', { name: 'Save route' }).click();
      await visible(staff, 'Route saved.');
      await heading(staff, 'Bay Street AM');
      expect(await staff.getByRole('region', { name: 'Stops' }).textContent()).not.toContain('Bay & Lincoln');
      expect(staff.url()).toContain('/operator/routes/bay-street-morning');

      await staff.getByRole('link', { name: 'Routes' }).first().click();
      await expect.poll(() => staff.getByRole('region', { name: 'Routes' }).textContent()).toContain('Bay Street AM');
      await saveScreenshot(staff, 'transport-operator-routes');
    });

    it('shows the dashboard figures changed', async () => {
      await staff.getByRole('link', { name: 'Dashboard' }).click();
      await expect.poll(() => figure(staff, 'Routes').textContent()).toBe('1');
      expect(await figure(staff, 'Active buses').textContent()).toBe('1');
      expect(await figure(staff, 'Pending registrations').textContent()).toBe('0');
      await saveScreenshot(staff, 'transport-operator-dashboard-after');
    });

    it('manages schools', async () => {
      await staff.getByRole('link', { name: 'Schools' }).first().click();
      await heading(staff, 'Schools');
      await staff.locator('#new-school-name').fill('Pine Middle');
      await staff.locator('#new-school-start_time').fill('08:15');
      await staff.getByRole('button', { name: 'Add school' }).click();
      await visible(staff, 'Pine Middle was added.');
      await staff.getByRole('button', { name: 'Edit Pine Middle' }).click();
      await staff.locator('#school-pine-middle-address').fill('5 Pine Rd');
      await staff.getByRole('button', { name: 'Save school' }).click();
      await visible(staff, 'Pine Middle was saved.');
      await expect.poll(() => staff.getByRole('listitem', { name: 'Pine Middle' }).textContent()).toContain('5 Pine Rd');
      await saveScreenshot(staff, 'transport-operator-schools');
      await staff.getByRole('button', { name: 'Remove Pine Middle' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Remove Pine Middle' }).click();
      await visible(staff, 'Pine Middle was removed.');
      await expect.poll(() => staff.getByRole('listitem', { name: 'Pine Middle' }).count()).toBe(0);
    });

    it('bills the week, splits a child with the second parent and shows what is outstanding', async () => {
      await staff.getByRole('link', { name: 'Billing' }).first().click();
      await heading(staff, 'Billing');
      await expect.poll(() => staff.getByRole('region', { name: 'Outstanding table' }).textContent()).toContain('$50.00');
      await staff.getByRole('link', { name: PARENT.name }).last().click();
      await heading(staff, PARENT.name);
      await staff.getByLabel('Payer name').fill('Aunt Carla');
      await staff.getByLabel('Payer email').fill('carla@family.test');
      await staff.getByLabel('Pays for').selectOption({ label: 'Leo Martinez' });
      // The household page also has the payers' split form, with a Share of its own.
      const addPayer = staff.getByRole('form', { name: 'Add a payer' });
      await addPayer.getByLabel('Share').selectOption('percentage');
      await addPayer.getByLabel('Percent').fill('150');
      await staff.getByRole('button', { name: 'Add payer' }).click();
      await visible(staff, 'A percentage is between 0 and 100.');
      await addPayer.getByLabel('Percent').fill('50');
      await staff.getByRole('button', { name: 'Add payer' }).click();
      await visible(staff, 'Aunt Carla now pays for this household.');
      const payers = staff.getByRole('region', { name: 'Payers', exact: true });
      await expect.poll(() => payers.textContent()).toContain('Aunt Carla');
      expect(await payers.getByRole('row').filter({ hasText: 'Aunt Carla' }).textContent()).toContain('$60.00');
      expect(await payers.getByRole('row').filter({ hasText: PARENT.name }).textContent()).toContain('$235.00');
      await saveScreenshot(staff, 'transport-operator-household');

      await staff.getByRole('link', { name: 'Billing' }).first().click();
      await staff.getByRole('button', { name: 'Generate this week’s invoices' }).click();
      await visible(staff, /^2 draft invoices for /);
      await saveScreenshot(staff, 'transport-operator-billing');
    });

    it('shows the family the fee to pay with its payment link', async () => {
      await family.reload();
      await heading(family, 'My household');
      await expect.poll(() => family.getByTestId('total-outstanding').textContent()).toBe('$50.00');
      const invoices = family.getByRole('region', { name: 'Invoices' });
      const fee = invoices.getByRole('row').filter({ hasText: 'Registration fee' });
      expect(await fee.locator('[data-state]').textContent()).toBe('Sent');
      expect(await fee.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toMatch(/^\/pay\/[A-Za-z0-9_-]{32}$/);
      expect(await invoices.getByRole('row').filter({ hasText: 'Transport' }).count()).toBe(2);
      expect(await family.locator('[data-state="approved"]').count()).toBe(1);
      await saveScreenshot(family, 'transport-household-approved');
    });

    it('lets a platform administrator assume an operator identity, see the audit trail and exit', async () => {
      await staff.getByRole('button', { name: 'Sign out' }).click();
      await visible(staff, 'You are signed out.');
      await saveScreenshot(staff, 'transport-sign-in');
      await signIn(staff, app.server.url, ADMIN);
      await heading(staff, 'Operators');
      const demo = staff.getByRole('listitem', { name: 'Demo School Transport' });
      await expect.poll(() => demo.isVisible()).toBe(true);
      await saveScreenshot(staff, 'transport-admin-operators');
      await demo.getByRole('button', { name: 'Assume identity' }).click();
      await demo.getByLabel('Staff email').fill(OPERATOR.email);
      await demo.getByRole('button', { name: 'Act as operator' }).click();

      await heading(staff, 'Acting as tenant staff');
      await visible(staff, new RegExp(`Acting as ${OPERATOR.email} \\(operator\\) in tenant demo until`));
      await expect.poll(() => staff.getByRole('region', { name: 'Registrations' }).textContent()).toContain(PARENT.name);
      expect(await staff.getByRole('link', { name: 'Acting in demo' }).count()).toBe(1);
      await saveScreenshot(staff, 'transport-admin-acting');
      await staff.getByRole('button', { name: 'Exit identity' }).click();
      await visible(staff, 'You stopped acting as the tenant’s staff.');
      expect(await staff.evaluate(() => window.sessionStorage.getItem('switchyard.transport.impersonation'))).toBeNull();
      expect(await staff.getByRole('link', { name: 'Acting in demo' }).count()).toBe(0);

      await staff.getByRole('listitem', { name: 'Demo School Transport' }).getByRole('link', { name: 'Logs' }).click();
      await heading(staff, 'Audit log');
      const log = staff.getByRole('region', { name: 'Audit entries' });
      await expect.poll(() => log.textContent()).toContain('assume_identity_end');
      expect(await log.textContent()).toContain('list_registrations');
      expect(await log.textContent()).toContain('assume_identity_start');
      expect(staff.url()).toContain('tenant=demo');
      await saveScreenshot(staff, 'transport-admin-audit-log');
    });

    it('sends a person whose token stopped working back to sign in', async () => {
      await family.evaluate(() => {
        const session = JSON.parse(window.localStorage.getItem('switchyard.transport.session') ?? '{}') as { token: string };
        window.localStorage.setItem('switchyard.transport.session', JSON.stringify({ ...session, token: 'expired-token' }));
      });
      await family.reload();
      await expect.poll(() => family.url()).toBe(`${app.server.url}/sign-in?notice=session-ended`);
      await visible(family, 'Your session has ended. Sign in again to continue.');
      await signIn(family, app.server.url, PARENT);
      await heading(family, 'My household');
      await family.goto(`${app.server.url}/operator`);
      await visible(family, 'This part of the app is not for your account');
    });

    it('fits a phone screen on every page', async () => {
      await family.setViewportSize(MOBILE_VIEWPORT);
      await staff.setViewportSize(MOBILE_VIEWPORT);
      const shots: [Page, string, string, string, number][] = [
        [family, '/family', 'My household', 'transport-household-mobile', 3],
        [family, '/family/register', 'Register your children', 'transport-registration-mobile', 0],
        [staff, '/admin', 'Operators', 'transport-admin-operators-mobile', 0],
        [staff, '/admin/logs', 'Audit log', 'transport-admin-audit-log-mobile', 0],
      ];
      for (const [page, path, title, name, tables] of shots) {
        await page.goto(`${app.server.url}${path}`);
        await heading(page, title);
        expect(await noSideScroll(page), path).toBeLessThanOrEqual(0);
        await fitsPhone(page, path, tables);
        await saveScreenshot(page, name);
      }
      await staff.getByRole('button', { name: 'Sign out' }).click();
      await signIn(staff, app.server.url, OPERATOR);
      await heading(staff, 'Dashboard');
      const operatorPages: [string, string, string, number][] = [
        ['/operator', 'Dashboard', 'transport-operator-dashboard-mobile', 0],
        ['/operator/registrations?status=all', 'Registrations', 'transport-operator-registrations-mobile', 1],
        ['/operator/routes', 'Routes', 'transport-operator-routes-mobile', 1],
        ['/operator/routes/bay-street-morning', 'Bay Street AM', 'transport-operator-route-mobile', 3], // stops, the morning timetable, the estimates
        ['/operator/routes/new', 'New route', 'transport-operator-new-route-mobile', 0],
        ['/operator/buses', 'Buses', 'transport-operator-buses-mobile', 0],
        ['/operator/schools', 'Schools', 'transport-operator-schools-mobile', 0],
        ['/operator/billing', 'Billing', 'transport-operator-billing-mobile', 3], // drafts to send, outstanding, households
      ];
      for (const [path, title, name, tables] of operatorPages) {
        await staff.goto(`${app.server.url}${path}`);
        await heading(staff, title);
        expect(await noSideScroll(staff), path).toBeLessThanOrEqual(0);
        await fitsPhone(staff, path, tables);
        await saveScreenshot(staff, name);
      }
      // Rows are cards: each value carries its column's label, and the header row is out of sight but still a header row.
      const outstanding = staff.getByRole('region', { name: 'Outstanding table' });
      expect(await outstanding.getByRole('cell').last().getAttribute('data-label')).toBe('Owed');
      expect(
        await outstanding
          .getByRole('row')
          .last()
          .evaluate((row) => getComputedStyle(row).display),
      ).toBe('flex');
      expect((await outstanding.locator('thead').boundingBox())?.height).toBeLessThanOrEqual(1);
      expect(await outstanding.getByRole('columnheader').allTextContents()).toEqual(['Household', 'Payers', 'Owed']);
      await staff.getByRole('region', { name: 'Households table' }).getByRole('link', { name: PARENT.name }).click();
      await heading(staff, PARENT.name);
      await fitsPhone(staff, 'household detail', 2);
      await saveScreenshot(staff, 'transport-operator-household-mobile');
      await staff.getByRole('button', { name: 'Sign out' }).click();
      await staff.goto(`${app.server.url}/`);
      await heading(staff, 'Demo School Transport');
      expect(await noSideScroll(staff)).toBeLessThanOrEqual(0);
      await saveScreenshot(staff, 'transport-welcome-mobile');
      await staff.goto(`${app.server.url}/sign-in`);
      await saveScreenshot(staff, 'transport-sign-in-mobile');
    });

    it('dresses an operator’s pages in its theme, and keeps the app’s colours for a theme that is not valid', async () => {
      const em = app.server.db.fork();
      const tenant = (id: string, name: string, theme: Record<string, unknown>) =>
        insertTenant(em, { id, name, tier: 'starter', theme, domain: null, at: new Date() });
      await tenant('harbor', 'Harbor School Buses', { primaryColor: '#0f766e', logo_text: 'Harbor Buses', font_family: 'Comic Sans MS' });
      await tenant('sunny', 'Sunny Side Shuttles', { primary_color: 'gold' });
      await tenant('muddle', 'Muddle Coaches', {
        primary_color: 'red; background: url(https://evil.test/x)',
        logo_url: 'javascript:alert(1)',
      });
      await createBuiltinUser(em, {
        email: HARBOR_OPERATOR.email,
        password: HARBOR_OPERATOR.password,
        appMetadata: { role: 'operator', tenant_id: 'harbor' },
        at: new Date(),
      });
      const visitor = await app.open();
      const primaryButton = visitor.getByRole('link', { name: 'Create an account' });
      const topbar = visitor.locator('.topbar');

      // The operator's name shows once its theme has been fetched, so what follows is the theme applied.
      await visitor.goto(`${app.server.url}/?tenant=muddle`);
      await heading(visitor, 'Muddle Coaches');
      expect(await computed(primaryButton, 'backgroundColor')).toBe(APP_PRIMARY);
      expect(await computed(topbar, 'borderTopColor')).toBe(APP_PRIMARY);
      expect(await visitor.getByTestId('operator-bar').count()).toBe(0);
      expect(await visitor.locator('img').count()).toBe(0);
      await saveScreenshot(visitor, 'transport-theme-invalid');

      await visitor.goto(`${app.server.url}/?tenant=sunny`);
      await heading(visitor, 'Sunny Side Shuttles');
      await expect.poll(() => computed(primaryButton, 'backgroundColor')).toBe('rgb(255, 215, 0)');
      expect(await computed(primaryButton, 'color')).toBe(APP_TEXT);
      expect(await computed(topbar, 'borderTopColor')).toBe('rgb(255, 215, 0)');
      await saveScreenshot(visitor, 'transport-theme-light');

      await visitor.goto(`${app.server.url}/?tenant=harbor`);
      await heading(visitor, 'Harbor School Buses');
      await expect.poll(() => computed(primaryButton, 'backgroundColor')).toBe('rgb(15, 118, 110)');
      expect(await computed(primaryButton, 'color')).toBe(WHITE);
      expect(await computed(topbar, 'borderTopColor')).toBe('rgb(15, 118, 110)');
      expect(await visitor.getByTestId('operator-bar').textContent()).toBe('Harbor Buses');
      expect(await computed(visitor.getByTestId('operator-bar'), 'color')).toBe(WHITE);
      await saveScreenshot(visitor, 'transport-theme-welcome');

      await primaryButton.click();
      await visitor.getByLabel('Your name').fill(HARBOR_PARENT.name);
      await visitor.getByLabel('Email').fill(HARBOR_PARENT.email);
      await visitor.getByLabel('Password').fill(HARBOR_PARENT.password);
      await visitor.getByRole('button', { name: 'Create account' }).click();
      await heading(visitor, 'Register your children');
      expect(await computed(visitor.getByRole('button', { name: 'Send registration' }), 'backgroundColor')).toBe('rgb(15, 118, 110)');
      expect(await computed(visitor.locator('.brand__mark'), 'backgroundColor')).toBe('rgb(15, 118, 110)');
      await visitor.goto(`${app.server.url}/family`);
      await heading(visitor, 'My household');
      expect(await computed(topbar, 'borderTopColor')).toBe('rgb(15, 118, 110)');
      await saveScreenshot(visitor, 'transport-theme-household');

      await visitor.getByRole('button', { name: 'Sign out' }).click();
      await signIn(visitor, app.server.url, HARBOR_OPERATOR);
      await heading(visitor, 'Dashboard');
      await expect.poll(() => computed(topbar, 'borderTopColor')).toBe('rgb(15, 118, 110)');
      expect(await visitor.getByTestId('operator-bar').textContent()).toBe('Harbor Buses');
      expect(await computed(visitor.getByRole('link', { name: 'Review pending registrations' }), 'color')).toBe('rgb(15, 118, 110)');
      await saveScreenshot(visitor, 'transport-theme-operator-dashboard');
      await visitor.getByRole('link', { name: 'Routes' }).first().click();
      await heading(visitor, 'Routes');
      expect(await computed(visitor.getByRole('link', { name: 'New route' }), 'backgroundColor')).toBe('rgb(15, 118, 110)');
      await visitor.setViewportSize(MOBILE_VIEWPORT);
      await visitor.goto(`${app.server.url}/operator/billing`);
      await heading(visitor, 'Billing');
      expect(await computed(visitor.getByRole('button', { name: 'Generate this week’s invoices' }), 'backgroundColor')).toBe(
        'rgb(15, 118, 110)',
      );
      expect(await noSideScroll(visitor)).toBeLessThanOrEqual(0);
      await saveScreenshot(visitor, 'transport-theme-operator-billing-mobile');
    });
  },
);
