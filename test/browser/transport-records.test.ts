import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { sideways } from '../support/browser/page-width.ts';
import { DESKTOP_VIEWPORT, MOBILE_VIEWPORT, shootAtBothWidths } from '../support/browser/screenshots.ts';
import { OPERATOR, startTransportApp, type TransportApp } from '../support/browser/transport-app.ts';
import { startFakeGeocoder, type FakeGeocoder } from '../support/fake-geocoder.ts';

// The operator fixing the records from the console: address search in the school form and the
// stop editor through a local Nominatim stand-in, a rider who does not fit (409) placed by an
// override, the live map's route lines, the phone menu, a child's record and stops, a school's
// children moved before it is removed, and a payer corrected and removed, each confirmed and audited.

const PARENT = { email: 'yaa.mensah@family.test', password: 'records-pass-42', name: 'Yaa Mensah' };
const PLACES = [
  { display_name: 'Oak Street & 5th Street, Savannah, Georgia', lat: '32.001', lon: '-81.102' },
  { display_name: '12 Birch Lane, Savannah, Georgia', lat: '32.05', lon: '-81.09' },
];
const STOPS = [
  { name: 'Oak & 5th', address: '5 Oak St', lat: 32.0, lng: -81.1 },
  { name: 'Elm Corner', address: '9 Elm St', lat: 32.01, lng: -81.1 },
  { name: 'Oak Elementary', address: '1 Oak St', lat: 32.02, lng: -81.1 },
];

type Api = (method: string, path: string, body?: unknown) => Promise<any>;

const apiOf =
  (app: TransportApp, token: () => string | null): Api =>
  async (method, path, body) => {
    const bearer = token();
    const response = await fetch(`${app.server.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'x-tenant-id': 'demo', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${text}`);
    }

    return text ? JSON.parse(text) : {};
  };
const login = async (app: TransportApp, user: { email: string; password: string }) =>
  (await apiOf(app, () => null)('POST', '/api/auth/login', { email: user.email, password: user.password })).access_token as string;
const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
const visible = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: false }).first().isVisible()).toBe(true);
const fits = async (page: Page, where: string, phone: boolean) => {
  expect((await sideways(page)).page, where).toBeLessThanOrEqual(0);
  if (phone) expect((await sideways(page)).tooWide, where).toEqual([]);
};
const signIn = async (page: Page, url: string) => {
  await page.goto(`${url}/sign-in?tenant=demo`);
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.url(), { timeout: 20_000 }).not.toContain('/sign-in');
};

describe.skipIf(skipWithoutBrowser())('transport: the operator fixes the records', () => {
  let app: TransportApp;
  let geocoder: FakeGeocoder;
  let staff: Page;
  let api: Api;
  let householdId: string;
  const child: Record<string, string> = {};
  const pageErrors: string[] = [];
  // The geocoder is asked at most once a second per process; the service's clock moves on between searches.
  let clock = Date.now();
  const nextSecond = () => {
    clock += 2_000;
    app.server.setNow(new Date(clock));
  };
  const logs = async (action: string) =>
    (await api('GET', `/api/tenants/demo/logs?action=${action}`)) as { resource: string; details: Record<string, unknown> }[];

  beforeAll(async () => {
    geocoder = await startFakeGeocoder(PLACES);
    app = await startTransportApp({ GEOCODER_URL: geocoder.url });
    app.server.setNow(new Date(clock));
    const token = await login(app, OPERATOR);
    api = apiOf(app, () => token);
    await apiOf(app, () => null)('POST', '/api/auth/register', {
      email: PARENT.email,
      password: PARENT.password,
      display_name: PARENT.name,
      tenant: 'demo',
    });
    const parentToken = await login(app, PARENT);
    const registration = await apiOf(app, () => parentToken)('POST', '/api/registrations/full', {
      tenant: 'demo',
      parent: { name: PARENT.name, email: PARENT.email, phone: '912-555-0160' },
      children: [
        { name: 'Kofi Mensah', school_id: 'oak-elementary', transport_need: 'morning' },
        { name: 'Esi Mensah', school_id: 'oak-elementary', transport_need: 'both' },
      ],
      policy_acknowledged: ['rider-safety', 'registration-fee', 'pickup-policy'],
    });
    householdId = registration.household_id as string;
    await api('PUT', `/api/registrations/${householdId}/approve`);
    await api('POST', `/api/billing/households/${householdId}/payers`, { name: 'Efua Owusu', email: 'efua@family.test' });
    const detail = await api('GET', `/api/billing/households/${householdId}`);
    for (const entry of detail.children as { id: string; name: string }[]) child[entry.name] = entry.id;
    await api('POST', '/api/routes', {
      name: 'Oak Line',
      bus_id: 'B-30',
      mode: 'both',
      status: 'active',
      stops: STOPS,
      runs: {
        morning: {
          stops: [
            { stop: 1, time: '07:40' },
            { stop: 2, time: '07:50' },
            { stop: 3, time: '08:05' },
          ],
        },
        afternoon: {
          stops: [
            { stop: 3, time: '15:00' },
            { stop: 2, time: '15:15' },
            { stop: 1, time: '15:25' },
          ],
        },
      },
    });
    await api('PUT', '/api/buses/B-30/location', { lat: 31.99, lng: -81.1, heading: 0, speed: 20 });
    staff = await app.open();
    staff.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await app?.close();
    await geocoder?.close();
  });

  it('the school form finds an address through the geocoder and fills it in', async () => {
    await signIn(staff, app.server.url);
    await staff.goto(`${app.server.url}/operator/schools`);
    await heading(staff, 'Schools');
    await staff.locator('#new-school-name').fill('Birch Academy');
    nextSecond();
    await staff.locator('#new-school-address-search').fill('Birch Lane');
    await staff.locator('#new-school-address-search').press('Enter');
    const found = staff.getByRole('list', { name: 'Places found' });
    await expect.poll(() => found.textContent()).toContain('12 Birch Lane, Savannah, Georgia');
    await shootAtBothWidths(staff, 'transport-records-school-search', ({ label, phone }) => fits(staff, `school search (${label})`, phone));
    await found.getByRole('button', { name: 'Use this address' }).click();
    expect(await staff.locator('#new-school-address').inputValue()).toBe('12 Birch Lane, Savannah, Georgia');
    // The product named, as Nominatim's usage policy asks.
    // Asked as the query is stored: case and spaces folded.
    expect(geocoder.requests.at(-1)?.url.searchParams.get('q')).toBe('birch lane');
    expect(String(geocoder.requests.at(-1)?.headers['user-agent'])).toMatch(/^Switchyard-Transport\//);
    await staff.getByRole('button', { name: 'Add school' }).click();
    await visible(staff, 'Birch Academy was added.');
    await expect.poll(() => staff.getByRole('listitem', { name: 'Birch Academy' }).textContent()).toContain('12 Birch Lane');
  });

  it('the stop editor drops a stop where the chosen address is', async () => {
    await staff.goto(`${app.server.url}/operator/routes/new`);
    await heading(staff, 'New route');
    nextSecond();
    await staff.locator('#stop-address-search').fill('Oak Street');
    await staff.getByRole('search', { name: 'Find an address' }).getByRole('button', { name: 'Search' }).click();
    const found = staff.getByRole('list', { name: 'Places found' });
    await expect.poll(() => found.textContent()).toContain('Oak Street & 5th Street');
    await found.getByRole('button', { name: 'Drop a stop here' }).click();
    expect(await staff.locator('[id="stops.0.name"]').inputValue()).toBe('Oak Street & 5th Street');
    expect(await staff.locator('[id="stops.0.lat"]').inputValue()).toBe('32.001000');
    expect(await staff.locator('[id="stops.0.lng"]').inputValue()).toBe('-81.102000');
    const editor = staff.getByRole('region', { name: "Map of the route's stops (editing)" });
    await expect.poll(() => editor.locator('.map-stop--draft').count()).toBe(1);
    await shootAtBothWidths(staff, 'transport-records-stop-search', ({ label, phone }) => fits(staff, `stop search (${label})`, phone));
  });

  it("corrects a child's grade and morning stop after a confirmation, audited", async () => {
    await staff.goto(`${app.server.url}/operator/billing/households/${householdId}`);
    await heading(staff, PARENT.name);
    await staff.getByRole('button', { name: 'Edit Esi Mensah' }).click();
    const form = staff.getByRole('form', { name: 'Edit Esi Mensah' });
    await form.getByLabel('Grade').fill('4');
    await expect.poll(() => form.getByLabel('Morning stop').locator('option').count()).toBe(4);
    await form.getByLabel('Morning stop').selectOption({ label: 'Oak Line, Oak & 5th' });
    await form.getByRole('button', { name: 'Review changes' }).click();
    const dialog = staff.getByRole('dialog', { name: "Save Esi Mensah's changes?" });
    await expect.poll(() => dialog.textContent()).toContain('Grade: none → 4');
    expect(await dialog.textContent()).toContain('Morning stop: no stop → Oak Line, Oak & 5th');
    await shootAtBothWidths(staff, 'transport-records-child-confirm', ({ label, phone }) =>
      fits(staff, `child confirmation (${label})`, phone),
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await visible(staff, "Esi Mensah's record was saved.");
    await expect.poll(() => staff.getByRole('row', { name: /Esi Mensah/ }).textContent()).toMatch(/Esi Mensah.*—4/);
    expect(await logs('child.update')).toMatchObject([
      { resource: `child:${child['Esi Mensah']}`, details: { grade: { from: null, to: '4' } } },
    ]);
    const route = await api('GET', '/api/routes/oak-line');
    expect(route.runs[0].stops[0].riders).toEqual([child['Esi Mensah']]);
    // Cancelling the confirmation changes nothing.
    await staff.getByRole('button', { name: 'Edit Esi Mensah' }).click();
    await staff.getByRole('form', { name: 'Edit Esi Mensah' }).getByLabel('Name').fill('Esi A. Mensah');
    await staff.getByRole('form', { name: 'Edit Esi Mensah' }).getByRole('button', { name: 'Review changes' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await logs('child.update')).toHaveLength(1);
  });

  it('a rider who does not fit the run is refused (409) until the operator overrides, and the route warns', async () => {
    await staff.goto(`${app.server.url}/operator/routes/oak-line`);
    await heading(staff, 'Oak Line');
    const riders = staff.getByRole('region', { name: 'Riders' });
    await riders.getByRole('button', { name: 'Afternoon run' }).click();
    await riders.getByLabel('Child to place at Oak & 5th').selectOption(child['Kofi Mensah'] ?? '');
    await riders
      .getByRole('listitem')
      .filter({ has: staff.getByRole('heading', { name: /Oak & 5th/ }) })
      .getByRole('button', { name: 'Place here' })
      .click();
    await visible(staff, 'That child does not fit this run');
    const refused = await riders.getByRole('alert').first().textContent();
    expect(refused).toContain('Kofi Mensah');
    expect((await api('GET', '/api/routes/oak-line')).runs[1].stops.flatMap((stop: { riders: unknown[] }) => stop.riders)).toEqual([]);
    await shootAtBothWidths(staff, 'transport-records-rider-409', ({ label, phone }) => fits(staff, `rider 409 (${label})`, phone));
    await staff.getByLabel('Reason to place anyway').fill('Stays with his aunt on Tuesdays');
    await staff.getByRole('button', { name: 'Place anyway' }).click();
    await visible(staff, 'saved by override');
    const warnings = staff.getByRole('list', { name: 'Rider warnings' });
    await expect.poll(() => warnings.textContent()).toContain('Kofi Mensah');
    expect(await logs('route.riders_override')).toHaveLength(1);
    await shootAtBothWidths(staff, 'transport-records-rider-override', ({ label, phone }) =>
      fits(staff, `override warning (${label})`, phone),
    );
  });

  it('the live map draws each active route: its line, its stops and a key', async () => {
    await staff.goto(`${app.server.url}/operator/live`);
    await heading(staff, 'Live map');
    const map = staff.getByRole('region', { name: 'Map of every bus' });
    await expect.poll(() => map.locator('.map-stop').count()).toBe(3);
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBe(1);
    await expect.poll(() => map.locator('[data-bus-id="B-30"]').count()).toBe(1);
    expect(await staff.getByRole('list', { name: 'Routes on the map' }).textContent()).toContain('Oak Line · 3 stops');
    await shootAtBothWidths(staff, 'transport-records-live-map', ({ label, phone }) => fits(staff, `live map (${label})`, phone));
  });

  it('at phone width the console has one menu instead of rows of links', async () => {
    await staff.setViewportSize(MOBILE_VIEWPORT);
    await staff.goto(`${app.server.url}/operator/schools`);
    await heading(staff, 'Schools');
    const menu = staff.locator('summary.compact-menu__button');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.textContent()).toBe('Menu · Schools');
    await menu.click();
    const list = staff.getByRole('list', { name: 'Main' });
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await list.getByRole('link').count()).toBeGreaterThanOrEqual(8);
    await shootAtBothWidths(staff, 'transport-records-phone-menu', async ({ label, phone }) => {
      await fits(staff, `menu (${label})`, phone);
      // The menu is the phone's only; the desktop has its links in the bar.
      expect(await menu.isVisible(), label).toBe(phone);
      if (phone && !(await list.isVisible())) await menu.click();
    });
    await staff.setViewportSize(MOBILE_VIEWPORT);
    if (!(await list.isVisible())) await menu.click();
    await list.getByRole('link', { name: 'Billing' }).click();
    await heading(staff, 'Billing');
    expect(await staff.locator('summary.compact-menu__button').textContent()).toBe('Menu · Billing');
    await staff.setViewportSize(DESKTOP_VIEWPORT);
  });

  it('corrects a payer and removes them, each after a confirmation and audited; the main payer cannot be removed', async () => {
    await staff.goto(`${app.server.url}/operator/billing/households/${householdId}`);
    await heading(staff, PARENT.name);
    const payers = staff.getByRole('region', { name: 'Payers', exact: true });
    await expect.poll(() => payers.textContent()).toContain('Efua Owusu');
    expect(await payers.getByRole('button', { name: `Remove ${PARENT.name}` }).count()).toBe(0);
    await payers.getByRole('button', { name: 'Edit Efua Owusu' }).click();
    const form = staff.getByRole('form', { name: 'Edit Efua Owusu' });
    await form.getByLabel('Phone').fill('912-555-0199');
    await form.getByRole('button', { name: 'Review changes' }).click();
    const dialog = staff.getByRole('dialog', { name: "Save Efua Owusu's details?" });
    await expect.poll(() => dialog.textContent()).toContain('Phone: none → 912-555-0199');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await visible(staff, "Efua Owusu's details were saved.");
    expect(await logs('payer.update')).toMatchObject([{ details: { from: { phone: null }, to: { phone: '912-555-0199' } } }]);
    await payers.getByRole('button', { name: 'Remove Efua Owusu' }).click();
    const removal = staff.getByRole('dialog', { name: 'Remove Efua Owusu as a payer?' });
    await expect.poll(() => removal.isVisible()).toBe(true);
    await shootAtBothWidths(staff, 'transport-records-payer-remove', ({ label, phone }) => fits(staff, `payer removal (${label})`, phone));
    await removal.getByRole('button', { name: 'Remove Efua Owusu' }).click();
    await visible(staff, 'Efua Owusu no longer pays for this household');
    await expect.poll(() => payers.textContent()).not.toContain('Efua Owusu');
    expect(await logs('payer.remove')).toMatchObject([{ details: { removed: { name: 'Efua Owusu', phone: '912-555-0199' } } }]);
  });

  it('removing a school children attend offers to move them first, then removes it', async () => {
    await staff.goto(`${app.server.url}/operator/schools`);
    await heading(staff, 'Schools');
    await staff.getByRole('button', { name: 'Remove Oak Elementary' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Remove Oak Elementary' }).click();
    await expect.poll(() => dialog.textContent()).toContain('2 children attend this school');
    expect(await logs('school.delete')).toEqual([]);
    await dialog.getByLabel('Move them to').selectOption({ label: 'Birch Academy' });
    await shootAtBothWidths(staff, 'transport-records-move-children', ({ label, phone }) => fits(staff, `move children (${label})`, phone));
    await dialog.getByRole('button', { name: 'Move and remove' }).click();
    await visible(staff, '2 children moved to Birch Academy; Oak Elementary was removed.');
    await expect.poll(() => staff.getByRole('listitem', { name: 'Oak Elementary' }).count()).toBe(0);
    expect(await logs('school.move_children')).toMatchObject([
      { resource: 'school:oak-elementary', details: { to_school_id: 'birch-academy' } },
    ]);
    expect(await logs('school.delete')).toHaveLength(1);
    const children = (await api('GET', `/api/billing/households/${householdId}`)).children as { school_id: string }[];
    expect(children.map((entry) => entry.school_id)).toEqual(['birch-academy', 'birch-academy']);
    expect(pageErrors).toEqual([]);
  });
});

describe.skipIf(skipWithoutBrowser())('transport: address search without a geocoder', () => {
  let app: TransportApp;

  beforeAll(async () => {
    app = await startTransportApp({ GEOCODER_URL: 'off' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('says so in the stop editor and the school form, and typed coordinates still place the stop', async () => {
    const staff = await app.open();
    await signIn(staff, app.server.url);
    await staff.goto(`${app.server.url}/operator/routes/new`);
    await heading(staff, 'New route');
    await visible(staff, 'Address search is off on this server: type the latitude and longitude, or click the map.');
    expect(await staff.locator('#stop-address-search').count()).toBe(0);
    await staff.locator('[id="stops.0.name"]').fill('Oak & 5th');
    await staff.locator('[id="stops.0.lat"]').fill('32.0');
    await staff.locator('[id="stops.0.lng"]').fill('-81.1');
    const editor = staff.getByRole('region', { name: "Map of the route's stops (editing)" });
    await expect.poll(() => editor.locator('.map-stop--draft').count()).toBe(1);
    await shootAtBothWidths(staff, 'transport-records-no-geocoder', ({ label, phone }) => fits(staff, `no geocoder (${label})`, phone));
    await staff.goto(`${app.server.url}/operator/schools`);
    await heading(staff, 'Schools');
    await visible(staff, 'Address search is off on this server');
    expect(await staff.locator('#new-school-address-search').count()).toBe(0);
  });
});
