import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { sideways } from '../support/browser/page-width.ts';
import { saveScreenshot, shootAtBothWidths } from '../support/browser/screenshots.ts';
import { OPERATOR, startTransportApp, type TransportApp } from '../support/browser/transport-app.ts';

const PARENT = { email: 'nia.grant@family.test', password: 'live-map-42', name: 'Nia Grant', child: 'Kofi Grant' };
/** The demo operator's time zone here: Savannah's, so its stop times are not UTC's. */
const ZONE = 'America/New_York';
const localClock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE });
const localMinutes = (at: Date) => {
  const [hours, minutes] = localClock.format(at).split(':').map(Number);

  return (hours ?? 0) * 60 + (minutes ?? 0);
};
/**
 * Stop times on the operator's clock (America/New_York) a few minutes from now, so the trip runs
 * while the test does: its window opens an hour before the first stop. Near local midnight the
 * service's clock runs half a day ahead instead, so the trip never spans two days (a running clock:
 * each report keeps its own time, as a later report must be newer than the one before).
 */
const nearMidnight = (() => {
  const minutes = localMinutes(new Date());

  return minutes > 23 * 60 || minutes < 10;
})();
const OFFSET_MS = nearMidnight ? 12 * 3_600_000 : 0;
const BASE = new Date(Date.now() + OFFSET_MS);
const clockIn = (minutes: number) => localClock.format(new Date(BASE.getTime() + minutes * 60_000));
const TIMES = [clockIn(10), clockIn(18), clockIn(30), clockIn(40)] as const;

const ROUTE = {
  name: 'North Loop',
  bus_id: 'B-12',
  mode: 'both',
  stops: [
    { name: 'Forsyth Park', address: 'Gaston St', lat: 32.0677, lng: -81.0958, time: TIMES[0] },
    { name: 'Abercorn & 37th', address: '37th St', lat: 32.0585, lng: -81.0951, time: TIMES[1] },
    { name: 'Oak Elementary', address: '1 Oak St', lat: 32.0452, lng: -81.0902, time: TIMES[2] },
  ],
};

const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);

const api = async (app: TransportApp, method: string, path: string, token: string | null, body?: unknown) => {
  const response = await fetch(`${app.server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'x-tenant-id': 'demo', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  }

  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

const login = async (app: TransportApp, user: { email: string; password: string }) =>
  (await api(app, 'POST', '/api/auth/login', null, { email: user.email, password: user.password })).access_token as string;

const signIn = async (page: Page, url: string, user: { email: string; password: string }) => {
  await page.goto(`${url}/sign-in?tenant=demo`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Where the bus marker sits on the screen. */
const busBox = async (page: Page) => page.locator('[data-bus-id="B-12"]').first().boundingBox();

/** Desktop and phone screenshots; at phone width nothing may scroll sideways. */
const shoot = (page: Page, name: string) =>
  shootAtBothWidths(page, `transport-live-${name}`, async ({ phone }) => {
    const where = phone ? `${name} (phone)` : name;
    expect((await sideways(page)).page, where).toBeLessThanOrEqual(0);
    if (phone) expect((await sideways(page)).tooWide, where).toEqual([]);
  });

describe.skipIf(skipWithoutBrowser())(
  'transport live map: the route on a map, its bus moving, stops placed by clicking, children placed at a stop',
  () => {
    let app: TransportApp;
    let staff: Page;
    let operatorToken: string;
    let childId: string;
    let routeId: string;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      app = await startTransportApp();
      app.server.setClockOffset(OFFSET_MS);
      operatorToken = await login(app, OPERATOR);
      await api(app, 'PUT', '/api/tenant/settings/time-zone', operatorToken, { time_zone: ZONE });
      await api(app, 'PUT', '/api/buses/B-12/location', operatorToken, { lat: 32.0702, lng: -81.0968, heading: 180, speed: 22 });
      routeId = String((await api(app, 'POST', '/api/routes', operatorToken, ROUTE)).id);
      // A parent account whose registration the operator approves: its child can be placed at a stop.
      await api(app, 'POST', '/api/auth/register', null, {
        email: PARENT.email,
        password: PARENT.password,
        display_name: PARENT.name,
        tenant: 'demo',
      });
      const parentToken = await login(app, PARENT);
      const registration = await api(app, 'POST', '/api/registrations/full', parentToken, {
        tenant: 'demo',
        parent: { name: PARENT.name, email: PARENT.email, phone: '912-555-0142' },
        children: [{ name: PARENT.child, school_id: 'oak-elementary', transport_need: 'both' }],
        policy_acknowledged: ['rider-safety', 'registration-fee', 'pickup-policy'],
      });
      await api(app, 'PUT', `/api/registrations/${String(registration.household_id)}/approve`, operatorToken);
      const households = (await api(app, 'GET', '/api/billing/households', operatorToken)) as unknown as {
        children: { id: string; name: string }[];
      }[];
      childId = households.flatMap((household) => household.children).find((child) => child.name === PARENT.child)?.id ?? '';
      expect(childId).not.toBe('');
      staff = await app.open();
      staff.on('pageerror', (error) => pageErrors.push(error.message));
    });

    afterAll(async () => {
      await app?.close();
    });

    it("draws the route's stops in order and its bus, and moves the bus when it reports", async () => {
      await signIn(staff, app.server.url, OPERATOR);
      await heading(staff, 'Dashboard');
      await staff.goto(`${app.server.url}/operator/routes/${routeId}`);
      await heading(staff, ROUTE.name);
      const map = staff.getByRole('region', { name: `Map of ${ROUTE.name}` });
      await expect.poll(() => map.locator('.map-stop').count()).toBe(3);
      for (const [index, stop] of ROUTE.stops.entries()) {
        await expect.poll(() => map.getByRole('img', { name: `Stop ${index + 1}. ${stop.name} · ${stop.time}` }).isVisible()).toBe(true);
        await expect.poll(() => map.getByText(`${index + 1}. ${stop.name} · ${stop.time}`).isVisible()).toBe(true);
      }
      await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBe(1);
      const bus = map.getByRole('img', { name: /^Bus B-12: 22 km\/h · heading 180° · / });
      await expect.poll(() => bus.isVisible()).toBe(true);
      await expect.poll(() => app.tiles.served).toBeGreaterThan(0);
      await expect.poll(() => map.getByText('© OpenStreetMap contributors').isVisible()).toBe(true);
      await expect.poll(() => staff.getByText('Live: positions move as buses report.').isVisible()).toBe(true);
      const estimates = staff.getByRole('region', { name: 'Arrival estimates' });
      for (const stop of ROUTE.stops) {
        await expect.poll(() => estimates.getByRole('rowheader', { name: stop.name }).isVisible()).toBe(true);
      }
      await expect.poll(() => estimates.getByText('From the bus position at', { exact: false }).isVisible()).toBe(true);
      // The trip runs now on the operator's clock, and the card says which clock that is.
      await expect.poll(() => estimates.textContent()).toContain('(running now)');
      expect(await estimates.textContent()).toContain(`Times are in ${ZONE}.`);
      expect(await estimates.textContent()).not.toContain('UTC');
      const firstRow = estimates.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: ROUTE.stops[0]!.name }) });
      await expect.poll(() => firstRow.textContent()).toContain(TIMES[0]);
      expect(await firstRow.textContent()).toMatch(/\d\d:\d\d.*\d\d:\d\d/);
      await expect.poll(() => estimates.getByTestId('eta-accuracy').textContent()).toContain('0 arrivals recorded');
      await shoot(staff, 'route');

      const before = await busBox(staff);
      expect(before).not.toBeNull();
      // About 900 m south-east of where it was: the marker must move on the screen without a reload.
      await api(app, 'PUT', '/api/buses/B-12/location', operatorToken, { lat: 32.0631, lng: -81.0912, heading: 135, speed: 31 });
      await expect.poll(async () => (await busBox(staff))?.y ?? 0, { timeout: 25_000 }).toBeGreaterThan((before?.y ?? 0) + 20);
      const after = await busBox(staff);
      expect(after?.x ?? 0).toBeGreaterThan((before?.x ?? 0) + 20);
      await expect.poll(() => map.getByRole('img', { name: /^Bus B-12: 31 km\/h · heading 135°/ }).isVisible()).toBe(true);
    });

    it('adds a stop by clicking the map and moves one by dragging, then saves the route', async () => {
      await staff.getByRole('button', { name: 'Edit route' }).click();
      const editor = staff.getByRole('region', { name: "Map of the route's stops (editing)" });
      await expect.poll(() => editor.locator('.map-stop--draft').count()).toBe(3);
      const canvas = editor.locator('.transport-map__canvas');
      const box = await canvas.boundingBox();
      expect(box).not.toBeNull();
      // An empty corner of the map, south-east of the stops, away from the zoom buttons and the attribution.
      await canvas.click({ position: { x: (box?.width ?? 0) - 60, y: (box?.height ?? 0) - 60 } });
      await expect.poll(() => editor.locator('.map-stop--draft').count()).toBe(4);
      await expect.poll(() => staff.getByLabel('Stop 4 name').inputValue()).toBe('Stop 4');
      expect(Number(await staff.locator('[id="stops.3.lat"]').inputValue())).toBeLessThan(ROUTE.stops[0]!.lat);
      await staff.getByLabel('Stop 4 name').fill('Depot gate');
      // Times belong to the route's run, set in its timetable once the stop is saved.
      expect(await staff.getByLabel('Time', { exact: true }).count()).toBe(0);

      const firstStop = editor.locator('.map-stop--draft').first();
      // In the middle of the screen, clear of the sticky header.
      await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const start = await firstStop.boundingBox();
      const latBefore = await staff.locator('[id="stops.0.lat"]').inputValue();
      await staff.mouse.move((start?.x ?? 0) + 15, (start?.y ?? 0) + 15);
      await staff.mouse.down();
      await staff.mouse.move((start?.x ?? 0) + 55, (start?.y ?? 0) + 45, { steps: 8 });
      await staff.mouse.up();
      await expect.poll(() => staff.locator('[id="stops.0.lat"]').inputValue()).not.toBe(latBefore);
      expect(Number(await staff.locator('[id="stops.0.lat"]').inputValue())).toBeLessThan(Number(latBefore));
      await shoot(staff, 'route-editor');

      await staff.getByRole('button', { name: 'Save route' }).click();
      await expect.poll(() => staff.getByText('Route saved.').isVisible()).toBe(true);
      const timetable = staff.getByRole('region', { name: 'Timetable' });
      await timetable.getByRole('button', { name: 'Edit times' }).click();
      await timetable.getByLabel('4. Depot gate').fill(TIMES[3]);
      await timetable.getByRole('button', { name: /^Save (morning|afternoon) run$/ }).click();
      await expect.poll(() => timetable.getByText(/(Morning|Afternoon) run saved\./).isVisible()).toBe(true);
      const map = staff.getByRole('region', { name: `Map of ${ROUTE.name}` });
      await expect.poll(() => map.locator('.map-stop').count()).toBe(4);
      await expect.poll(() => map.getByText(`4. Depot gate · ${TIMES[3]}`).isVisible()).toBe(true);
      const saved = (await api(app, 'GET', `/api/routes/${routeId}`, operatorToken)) as { stops: { name: string; lat: number }[] };
      expect(saved.stops.map((stop) => stop.name)).toEqual([...ROUTE.stops.map((stop) => stop.name), 'Depot gate']);
      expect(saved.stops[0]?.lat).toBeLessThan(ROUTE.stops[0]!.lat);
    });

    it('places a child of an approved household at a stop and keeps it through a route edit', async () => {
      const riders = staff.getByRole('region', { name: 'Riders' });
      // The school stop: still ahead of the bus, so the family sees an estimate for it below.
      await riders.getByLabel('Child to place at Oak Elementary').selectOption(childId);
      await riders.getByLabel('Child to place at Oak Elementary').locator('xpath=..').getByRole('button', { name: 'Place here' }).click();
      await expect.poll(() => riders.getByText(/^Riders at Oak Elementary on the (morning|afternoon) run saved\.$/).isVisible()).toBe(true);
      await expect.poll(() => riders.getByRole('list', { name: 'Riders at Oak Elementary' }).textContent()).toContain(PARENT.child);
      const route = (await api(app, 'GET', `/api/routes/${routeId}`, operatorToken)) as { stops: { riders: unknown[] }[] };
      expect(route.stops[2]?.riders).toEqual([childId]);
      // A second stop for the same child on the same trip is refused by the server, and said so.
      await riders.getByLabel('Child to place at Forsyth Park').selectOption(childId);
      await riders.getByLabel('Child to place at Forsyth Park').locator('xpath=..').getByRole('button', { name: 'Place here' }).click();
      await expect.poll(() => riders.getByRole('alert').textContent()).toContain(PARENT.child);
      expect(
        ((await api(app, 'GET', `/api/routes/${routeId}`, operatorToken)) as { stops: { riders: unknown[] }[] }).stops[0]?.riders,
      ).toEqual([]);
      await shoot(staff, 'route-riders');

      // Saving the route from the editor keeps the riders.
      await staff.getByRole('button', { name: 'Edit route' }).click();
      expect(await staff.getByText('Route saved.').count()).toBe(0);
      await staff.getByLabel('Driver').fill('Dana Reyes');
      await staff.getByRole('button', { name: 'Save route' }).click();
      await expect.poll(() => staff.getByText('Route saved.').isVisible()).toBe(true);
      const again = (await api(app, 'GET', `/api/routes/${routeId}`, operatorToken)) as { driver: string; stops: { riders: unknown[] }[] };
      expect(again.driver).toBe('Dana Reyes');
      expect(again.stops[2]?.riders).toEqual([childId]);
    });

    it("shows the family its child's stop, pickup time, estimate and bus", async () => {
      const family = await app.open();
      family.on('pageerror', (error) => pageErrors.push(error.message));
      await signIn(family, app.server.url, PARENT);
      await heading(family, 'My household');
      const trip = family.getByRole('article', {
        name: `${PARENT.child}'s ${Number(TIMES[0].slice(0, 2)) >= 12 ? 'afternoon' : 'morning'} trip`,
      });
      await expect.poll(() => trip.isVisible()).toBe(true);
      await expect.poll(() => trip.textContent()).toContain(ROUTE.name);
      expect(await trip.textContent()).toContain(ROUTE.stops[2]!.name);
      // The pickup time once with its zone; the estimate on the same clock, a few minutes from the local time now.
      expect(await trip.textContent()).toContain(`${TIMES[2]} (${ZONE})`);
      expect((await trip.textContent())?.split(ZONE).length).toBe(2);
      await expect.poll(async () => /Expected\s*\d\d:\d\d/.test((await trip.textContent()) ?? '')).toBe(true);
      const expected = /Expected\s*(\d\d):(\d\d)/.exec((await trip.textContent()) ?? '');
      const expectedMinutes = Number(expected?.[1]) * 60 + Number(expected?.[2]);
      expect(Math.abs(expectedMinutes - localMinutes(BASE))).toBeLessThan(60);
      const map = trip.getByRole('region', { name: `Map of ${PARENT.child}'s stop and bus` });
      await expect.poll(() => map.getByRole('img', { name: `${PARENT.child}'s stop: ${ROUTE.stops[2]!.name}` }).isVisible()).toBe(true);
      await expect.poll(() => map.locator('[data-bus-id="B-12"]').isVisible()).toBe(true);
      await shoot(family, 'family');

      // The family's bus moves too, from the family stream.
      const before = await map.locator('[data-bus-id="B-12"]').boundingBox();
      await api(app, 'PUT', '/api/buses/B-12/location', operatorToken, { lat: 32.0655, lng: -81.094, heading: 0, speed: 12 });
      await expect
        .poll(async () => (await map.locator('[data-bus-id="B-12"]').boundingBox())?.y ?? 0, { timeout: 25_000 })
        .toBeLessThan((before?.y ?? 0) - 10);
    });

    it('tells the family when the bus runs late', async () => {
      const family = await app.open();
      family.on('pageerror', (error) => pageErrors.push(error.message));
      await signIn(family, app.server.url, PARENT);
      await heading(family, 'My household');
      // The service's clock runs 35 minutes on, past the school stop's time, and the bus is only at the
      // start of the route at 10 km/h: the school stop's estimate slips some 20 minutes.
      app.server.setNow(new Date(BASE.getTime() + 35 * 60_000));
      for (const lat of [32.0712, 32.0708]) {
        await api(app, 'PUT', '/api/buses/B-12/location', operatorToken, { lat, lng: -81.0935, heading: 180, speed: 10 });
      }
      await app.server.smtp.waitFor((mail) => mail.to.includes(PARENT.email) && mail.subject.startsWith('Bus running late'));
      await family.reload();
      const trip = family.getByRole('article', { name: /Kofi Grant's/ });
      await expect.poll(() => trip.getByText('The bus is running late').isVisible()).toBe(true);
      await expect.poll(() => trip.textContent()).toMatch(/Expected at Oak Elementary at \d\d:\d\d, \d+ min late/);
      await shoot(family, 'family-late');
      app.server.setNow(null);
    });

    it('shows every bus on the live map, with its route', async () => {
      await api(app, 'PUT', '/api/buses/B-7/location', operatorToken, { lat: 32.05, lng: -81.1, speed: 0 });
      await staff.getByRole('link', { name: 'Live map' }).first().click();
      await heading(staff, 'Live map');
      const map = staff.getByRole('region', { name: 'Map of every bus' });
      await expect.poll(() => map.locator('[data-bus-id]').count()).toBe(2);
      await expect.poll(() => staff.getByRole('listitem', { name: 'Bus B-12' }).textContent()).toContain(ROUTE.name);
      await expect.poll(() => staff.getByRole('listitem', { name: 'Bus B-7' }).textContent()).toContain('No route');
      await shoot(staff, 'dispatch');
    });

    it('on a phone, one finger scrolls the page past the map and two move the map', async () => {
      const phone = await app.open({ touch: true });
      phone.on('pageerror', (error) => pageErrors.push(error.message));
      await signIn(phone, app.server.url, OPERATOR);
      await heading(phone, 'Dashboard');
      await phone.goto(`${app.server.url}/operator/routes/${routeId}`);
      const map = phone.getByRole('region', { name: `Map of ${ROUTE.name}` });
      await expect.poll(() => map.locator('.map-stop').count()).toBe(4);
      await expect.poll(() => map.getByText('Use two fingers to move the map.').isVisible()).toBe(true);
      // The browser keeps vertical and sideways panning (the page's scroll) for itself; pinches go to the map.
      expect(await map.locator('.leaflet-container').evaluate((element) => getComputedStyle(element).touchAction)).toBe('pan-x pan-y');
      await saveScreenshot(phone, 'transport-live-route-touch');
    });

    it('still draws stops, line and bus when no tile can be loaded', async () => {
      await staff.route('**/tiles/**', (route) => route.abort());
      await staff.goto(`${app.server.url}/operator/routes/${routeId}`);
      const map = staff.getByRole('region', { name: `Map of ${ROUTE.name}` });
      await expect.poll(() => map.locator('.map-stop').count()).toBe(4);
      await expect.poll(() => map.locator('[data-bus-id="B-12"]').isVisible()).toBe(true);
      await expect
        .poll(() => staff.getByText('Map background unavailable: stops and buses are still shown.').first().isVisible())
        .toBe(true);
      await saveScreenshot(staff, 'transport-live-route-offline');
      await staff.unroute('**/tiles/**');
      expect(pageErrors).toEqual([]);
    });
  },
);
