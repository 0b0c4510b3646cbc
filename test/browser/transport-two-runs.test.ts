import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipWithoutBrowser } from '../support/browser/chromium.ts';
import { sideways } from '../support/browser/page-width.ts';
import { shootAtBothWidths } from '../support/browser/screenshots.ts';
import { OPERATOR, startTransportApp, type TransportApp } from '../support/browser/transport-app.ts';

// A route that runs twice a day, followed by a family on the service's test clock (UTC, the
// tenant's default zone): "Scheduled", "not started" at the depot, "On the way", "Picked up" in
// the morning and "Dropped off" in the afternoon, never "Passed".

const PARENT = { email: 'ama.owusu@family.test', password: 'two-runs-42', name: 'Ama Owusu', child: 'Kwame Owusu' };
const DAY = '2026-11-20';
const at = (time: string) => new Date(`${DAY}T${time}Z`);
const STOPS = [
  { name: 'Oak & 5th', address: '5 Oak St', lat: 32.0, lng: -81.1 },
  { name: 'Elm Corner', address: '9 Elm St', lat: 32.01, lng: -81.1 },
  { name: 'Oak Elementary', address: '1 Oak St', lat: 32.02, lng: -81.1 },
];

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
const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
const fits = async (page: Page, where: string, phone: boolean) => {
  expect((await sideways(page)).page, where).toBeLessThanOrEqual(0);
  if (phone) expect((await sideways(page)).tooWide, where).toEqual([]);
};

describe.skipIf(skipWithoutBrowser())('transport: a route with a morning and an afternoon run, as the family follows it', () => {
  let app: TransportApp;
  let operatorToken: string;
  let family: Page;
  const seen: string[] = [];
  const pageErrors: string[] = [];

  // Sessions last an hour on the service's clock, which the test moves by hours: each step signs in
  // again at the clock's time, as a family opening the page then would.
  const report = async (time: string, lat: number) => {
    app.server.setNow(at(time));
    operatorToken = await login(app, OPERATOR);
    await api(app, 'PUT', '/api/buses/B-30/location', operatorToken, { lat, lng: -81.1, heading: 0, speed: 20 });
  };
  const signInFamily = async () => {
    await family.goto(`${app.server.url}/sign-in?tenant=demo`);
    await family.getByLabel('Email').fill(PARENT.email);
    await family.getByLabel('Password').fill(PARENT.password);
    await family.getByRole('button', { name: 'Sign in' }).click();
    await heading(family, 'My household');
  };
  /** The family's page at the clock now: the status on the child's card for that run. */
  const statusOf = async (direction: 'morning' | 'afternoon') => {
    await signInFamily();
    const card = family.getByRole('article', { name: `${PARENT.child}'s ${direction} trip` });
    await expect.poll(() => card.isVisible()).toBe(true);
    const text = (await card.getByTestId('ride-status').textContent()) ?? '';
    seen.push(text);

    return { card, text };
  };

  beforeAll(async () => {
    app = await startTransportApp();
    app.server.setNow(at('05:00:00'));
    operatorToken = await login(app, OPERATOR);
    await api(app, 'POST', '/api/auth/register', null, {
      email: PARENT.email,
      password: PARENT.password,
      display_name: PARENT.name,
      tenant: 'demo',
    });
    const parentToken = await login(app, PARENT);
    const registration = await api(app, 'POST', '/api/registrations/full', parentToken, {
      tenant: 'demo',
      parent: { name: PARENT.name, email: PARENT.email, phone: '912-555-0150' },
      children: [{ name: PARENT.child, school_id: 'oak-elementary', transport_need: 'both' }],
      policy_acknowledged: ['rider-safety', 'registration-fee', 'pickup-policy'],
    });
    await api(app, 'PUT', `/api/registrations/${String(registration.household_id)}/approve`, operatorToken);
    const households = (await api(app, 'GET', '/api/billing/households', operatorToken)) as unknown as {
      children: { id: string; name: string }[];
    }[];
    const childId = households.flatMap((household) => household.children).find((child) => child.name === PARENT.child)?.id ?? '';
    await api(app, 'POST', '/api/routes', operatorToken, {
      name: 'Oak Line',
      bus_id: 'B-30',
      mode: 'both',
      stops: STOPS,
      runs: {
        morning: {
          stops: [
            { stop: 1, time: '07:40', riders: [childId] },
            { stop: 2, time: '07:50' },
            { stop: 3, time: '08:05' },
          ],
        },
        afternoon: {
          stops: [
            { stop: 3, time: '15:00' },
            { stop: 2, time: '15:15' },
            { stop: 1, time: '15:25', riders: [childId] },
          ],
        },
      },
    });
    family = await app.open();
    family.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await app?.close();
  });

  it("shows the operator the route's two timetables", async () => {
    // The timetable does not depend on the clock: the operator works on the real one.
    app.server.setNow(null);
    const staff = await app.open();
    staff.on('pageerror', (error) => pageErrors.push(error.message));
    await staff.goto(`${app.server.url}/sign-in?tenant=demo`);
    await staff.getByLabel('Email').fill(OPERATOR.email);
    await staff.getByLabel('Password').fill(OPERATOR.password);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => staff.url(), { timeout: 20_000 }).not.toContain('/sign-in');
    await staff.goto(`${app.server.url}/operator/routes/oak-line`);
    await heading(staff, 'Oak Line');
    const timetable = staff.getByRole('region', { name: 'Timetable' });
    const morning = timetable.getByRole('region', { name: 'Morning run' });
    const afternoon = timetable.getByRole('region', { name: 'Afternoon run' });
    await expect.poll(() => morning.getByRole('row').nth(1).textContent()).toContain('Oak & 5th');
    expect(await morning.getByRole('row').nth(1).textContent()).toContain('07:40');
    // The afternoon rides the other way: from the school.
    expect(await afternoon.getByRole('row').nth(1).textContent()).toContain('Oak Elementary');
    expect(await afternoon.getByRole('row').nth(3).textContent()).toContain('15:25');
    await shootAtBothWidths(staff, 'transport-two-runs-timetable', ({ label, phone }) => fits(staff, `timetable (${label})`, phone));
    app.server.setNow(at('05:00:00'));
  });

  it('the family sees each run with its time and stop, scheduled before the day starts', async () => {
    const morning = await statusOf('morning');
    expect(morning.text).toBe('Scheduled 07:40');
    expect(await morning.card.getByRole('heading').first().textContent()).toContain('Morning pickup 07:40 at Oak & 5th');
    const afternoon = await statusOf('afternoon');
    expect(afternoon.text).toBe('Scheduled 15:25');
    expect(await afternoon.card.getByRole('heading').first().textContent()).toContain('Afternoon drop-off 15:25 at Oak & 5th');
  });

  it('a bus at the depot before the run is "not started"; then on the way; then picked up once seen at the stop', async () => {
    // The depot lies 1 km past the school.
    await report('06:50:00', 32.03);
    const depot = await statusOf('morning');
    expect(depot.text).toBe('Bus not started · scheduled 07:40');
    await shootAtBothWidths(family, 'transport-two-runs-not-started', ({ label, phone }) => fits(family, `not started (${label})`, phone));

    // Coming up to Oak & 5th from the south, ahead of time: due at the stop's time.
    await report('07:36:00', 31.996);
    expect((await statusOf('morning')).text).toBe('On the way, about 07:40');
    // Near the stop but not yet 20 s: still on the way, never "passed".
    await report('07:40:00', 32.0);
    expect((await statusOf('morning')).text).toMatch(/^On the way/);
    await report('07:40:25', 32.0001);
    const picked = await statusOf('morning');
    expect(picked.text).toBe('Picked up 07:40');
    await shootAtBothWidths(family, 'transport-two-runs-picked-up', ({ label, phone }) => fits(family, `picked up (${label})`, phone));
  });

  it('the afternoon run drops the child off at the same stop', async () => {
    await report('15:00:00', 32.02);
    await report('15:00:25', 32.02);
    await report('15:20:00', 32.005);
    expect((await statusOf('afternoon')).text).toBe('On the way, about 15:25');
    await report('15:26:00', 32.0);
    await report('15:26:25', 32.0);
    const dropped = await statusOf('afternoon');
    expect(dropped.text).toBe('Dropped off 15:26');
    // The morning still says what happened.
    expect((await statusOf('morning')).text).toBe('Picked up 07:40');
    await shootAtBothWidths(family, 'transport-two-runs-dropped-off', ({ label, phone }) => fits(family, `dropped off (${label})`, phone));
  });

  it('said everything in order and never "Passed"', () => {
    const morning = seen.filter((text) => /07:4/.test(text));
    const order = ['Scheduled', 'Bus not started', 'On the way', 'Picked up'].map((word) =>
      morning.findIndex((text) => text.startsWith(word)),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(seen.some((text) => /passed/i.test(text))).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});
