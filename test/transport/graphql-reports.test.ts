import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, registerHousehold, rest, startGraphqlWorld, type GraphqlWorld } from './graphql-support.ts';

/**
 * Every report over one seeded pair of tenants, compared with exact figures and, where the REST
 * API answers the same question, with its answer.
 */

const NOW = new Date('2026-06-17T12:00:00Z');
const MINUTE_MS = 60_000;
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE_MS);

let world: GraphqlWorld;
const households = { approved: '', rejected: '', pending: '', acme: '' };

const expectOk = (answer: { status: number; body: any }) => {
  expect(answer.body.errors).toBeUndefined();
  expect(answer.status).toBe(200);

  return answer.body.data;
};

beforeAll(async () => {
  world = await startGraphqlWorld();
  const { demo, acme, admin } = world.tokens;
  const em = world.transport.db.fork();

  await em.execute(
    `insert into transport_school (tenant_id, id, name, address, start_time, end_time) values
       ('demo', 'pine-middle', 'Pine Middle', '2 Pine Rd', '08:30', '15:30'),
       ('demo', 'oak-elementary', 'Oak Elementary', '1 Oak St', '08:00', '15:00'),
       ('acme', 'acme-academy', 'Acme Academy', null, null, null)`,
  );
  world.transport.setNow(NOW);
  expect(
    (await rest(world, 'PUT', '/api/buses/bus-1/location', { token: demo, body: { lat: 32.05, lng: -81.1, heading: 90, speed: 25 } }))
      .status,
  ).toBe(200);
  expect((await rest(world, 'PUT', '/api/buses/bus-1/location', { token: acme, body: { lat: 40.7, lng: -74 } })).status).toBe(200);
  await em.execute(
    `insert into transport_bus (tenant_id, id, lat, lng, last_update) values ('demo', 'bus-2', 32.1, -81.2, ?::timestamptz), ('demo', 'bus-3', null, null, null)`,
    [minutesBefore(60).toISOString()],
  );
  const routes = [
    {
      name: 'North Loop',
      bus_id: 'bus-1',
      driver: 'Dee Driver',
      mode: 'morning',
      miles: 12.5,
      stops: [
        { name: 'Oak & 5th', lat: 32.05, lng: -81.1, time: '07:10' },
        { name: 'Elm & 2nd', address: '2 Elm St', time: '07:20', riders: ['Kim', { name: 'Lee', seat: 4 }] },
        { name: 'Oak Elementary', time: '07:40' },
      ],
    },
    { name: 'South Loop', bus_id: 'bus-1', status: 'inactive', stops: [{ name: 'Depot' }] },
    { name: 'Planned Route', bus_id: 'bus-9', status: 'draft' },
  ];
  for (const body of routes) {
    expect((await rest(world, 'POST', '/api/routes', { token: demo, body })).status).toBe(200);
  }
  expect(
    (
      await rest(world, 'POST', '/api/routes', {
        token: acme,
        body: { name: 'North Loop', bus_id: 'bus-1', stops: [{ name: 'Acme Stop' }] },
      })
    ).status,
  ).toBe(200);

  // One minute apart, so newest first is known.
  world.transport.setNow(minutesBefore(30));
  households.approved = await registerHousehold(world, 'demo', 'Ava Approved');
  world.transport.setNow(minutesBefore(29));
  households.rejected = await registerHousehold(world, 'demo', 'Rory Rejected');
  world.transport.setNow(minutesBefore(28));
  households.pending = await registerHousehold(world, 'demo', 'Pat Pending');
  households.acme = await registerHousehold(world, 'acme', 'Acme Secret Family');
  // The staff's writes come before the administrator's visit below, so its rows are the newest.
  world.transport.setNow(minutesBefore(3));
  expect((await rest(world, 'PUT', `/api/registrations/${households.approved}/approve`, { token: demo })).status).toBe(200);
  expect((await rest(world, 'PUT', `/api/registrations/${households.rejected}/reject`, { token: demo })).status).toBe(200);

  // A second payer takes half of the two-way child of the approved household.
  const detail = await rest(world, 'GET', `/api/billing/households/${households.approved}`, { token: demo });
  const twoWay = detail.body.children.find((child: { trip_type: string }) => child.trip_type === 'two_way');
  const added = await rest(world, 'POST', `/api/billing/households/${households.approved}/payers`, {
    token: demo,
    body: { name: 'Sam Second', email: 'sam@family.test', allocation: { child_id: twoWay.id, split_type: 'percentage', value: 50 } },
  });
  expect(added.status).toBe(201);

  const generated = await rest(world, 'POST', '/api/billing/generate', { token: demo });
  // Only the approved household is billed: the primary payer's 207.50 and the second payer's 87.50.
  expect(generated.body.invoices).toHaveLength(2);
  for (const invoice of generated.body.invoices) {
    expect((await rest(world, 'POST', `/api/billing/invoices/${invoice.id}/send`, { token: demo })).status).toBe(200);
    const paid = invoice.payer_id === added.body.payer.id ? invoice.amount : 100;
    expect(
      (await rest(world, 'POST', `/api/billing/invoices/${invoice.id}/payments`, { token: demo, body: { amount: paid, method: 'check' } }))
        .status,
    ).toBe(201);
  }

  world.transport.setNow(minutesBefore(2));
  const assumed = await rest(world, 'POST', '/api/ops/assume-identity', {
    token: admin,
    body: { tenant_id: 'demo', user_email: 'ops@demo.test' },
  });
  expect(assumed.status).toBe(200);
  world.transport.setNow(minutesBefore(1));
  const logged = await rest(world, 'POST', '/api/ops/log-action', {
    token: assumed.body.token,
    body: { action: 'checked_dashboard', resource: 'stats', details: { page: 'stats' } },
  });
  expect(logged.status).toBe(200);
  world.transport.setNow(NOW);
});

afterAll(async () => {
  await world?.close();
});

describe('tenantSummary', () => {
  it("counts the tenant's routes, buses, schools, households and children, and agrees with the dashboard", async () => {
    const data = expectOk(
      await gql(
        world,
        `{ tenantSummary {
            tenant { id name } asOf routeCount routesByStatus { status count } busCount reportingBusCount schoolCount
            householdCount householdsByRegistrationStatus { status count } childCount activeChildCount
            billableWeeklyTotalCents billableWeeklyTotalDisplay
        } }`,
        { token: world.tokens.demo },
      ),
    );

    expect(data.tenantSummary).toEqual({
      tenant: { id: 'demo', name: expect.any(String) },
      asOf: '2026-06-17T12:00:00Z',
      routeCount: 3,
      routesByStatus: [
        { status: 'active', count: 1 },
        { status: 'inactive', count: 1 },
        { status: 'draft', count: 1 },
      ],
      busCount: 3,
      reportingBusCount: 1,
      schoolCount: 2,
      householdCount: 3,
      householdsByRegistrationStatus: [
        { status: 'pending', count: 1 },
        { status: 'approved', count: 1 },
        { status: 'rejected', count: 1 },
      ],
      childCount: 6,
      activeChildCount: 6,
      // The approved household, 175.00 + 120.00; pending and rejected ones are never billed.
      billableWeeklyTotalCents: 29_500,
      billableWeeklyTotalDisplay: '$295.00',
    });

    const stats = await rest(world, 'GET', '/api/dashboard/stats', { token: world.tokens.demo });
    expect(stats.body).toEqual({
      pending_registrations: data.tenantSummary.householdsByRegistrationStatus[0].count,
      active_buses: data.tenantSummary.reportingBusCount,
      // The dashboard's riding children are those of the approved household only (its two of the six
      // active children), the ones billableWeeklyTotalCents bills.
      active_children: 2,
      total_routes: data.tenantSummary.routeCount,
    });
  });

  it("gives a platform administrator another tenant's figures by argument", async () => {
    const data = expectOk(
      await gql(world, '{ tenantSummary(tenant: "acme") { tenant { id } routeCount busCount schoolCount householdCount childCount } }', {
        token: world.tokens.admin,
      }),
    );

    expect(data.tenantSummary).toEqual({
      tenant: { id: 'acme' },
      routeCount: 1,
      busCount: 1,
      schoolCount: 1,
      householdCount: 1,
      childCount: 2,
    });
  });
});

describe('routes, buses and schools', () => {
  it('lists routes by name with ordered stops and the bus of the same tenant', async () => {
    const data = expectOk(
      await gql(
        world,
        `{ routes { id name mode status driver miles busId stopCount
            bus { id lat lng reporting lastUpdate }
            stops { position name address lat lng time riders } } }`,
        { token: world.tokens.demo },
      ),
    );

    expect(data.routes.map((route: { id: string }) => route.id)).toEqual(['north-loop', 'planned-route', 'south-loop']);
    const [north, planned, south] = data.routes;
    expect(north).toMatchObject({
      name: 'North Loop',
      mode: 'morning',
      status: 'active',
      driver: 'Dee Driver',
      miles: 12.5,
      busId: 'bus-1',
      stopCount: 3,
    });
    // acme has a bus-1 too, far away: the route must show its own tenant's.
    expect(north.bus).toEqual({ id: 'bus-1', lat: 32.05, lng: -81.1, reporting: true, lastUpdate: '2026-06-17T12:00:00Z' });
    expect(north.stops).toEqual([
      { position: 1, name: 'Oak & 5th', address: null, lat: 32.05, lng: -81.1, time: '07:10', riders: [] },
      {
        position: 2,
        name: 'Elm & 2nd',
        address: '2 Elm St',
        lat: null,
        lng: null,
        time: '07:20',
        riders: ['Kim', { name: 'Lee', seat: 4 }],
      },
      { position: 3, name: 'Oak Elementary', address: null, lat: null, lng: null, time: '07:40', riders: [] },
    ]);
    expect(planned).toMatchObject({ status: 'draft', busId: 'bus-9', bus: null, stopCount: 0, stops: [] });
    expect(south).toMatchObject({ status: 'inactive', stopCount: 1, bus: { id: 'bus-1' } });

    const fromRest = await rest(world, 'GET', '/api/routes/north-loop', { token: world.tokens.demo });
    expect(north.stops.map((stop: { name: string; time: string }) => [stop.name, stop.time])).toEqual(
      fromRest.body.stops.map((stop: { name: string; time: string }) => [stop.name, stop.time]),
    );
  });

  it('filters routes by status', async () => {
    const data = expectOk(await gql(world, '{ routes(status: [active, draft]) { id } }', { token: world.tokens.demo }));

    expect(data.routes).toEqual([{ id: 'north-loop' }, { id: 'planned-route' }]);
  });

  it('lists buses with whether they report and the routes assigned to them', async () => {
    const data = expectOk(await gql(world, '{ buses { id lat reporting lastUpdate routes { id } } }', { token: world.tokens.demo }));

    expect(data.buses).toEqual([
      {
        id: 'bus-1',
        lat: 32.05,
        reporting: true,
        lastUpdate: '2026-06-17T12:00:00Z',
        routes: [{ id: 'north-loop' }, { id: 'south-loop' }],
      },
      { id: 'bus-2', lat: 32.1, reporting: false, lastUpdate: '2026-06-17T11:00:00Z', routes: [] },
      { id: 'bus-3', lat: null, reporting: false, lastUpdate: null, routes: [] },
    ]);
  });

  it('lists schools by name', async () => {
    const data = expectOk(await gql(world, '{ schools { id name address startTime endTime } }', { token: world.tokens.demo }));

    expect(data.schools).toEqual([
      { id: 'oak-elementary', name: 'Oak Elementary', address: '1 Oak St', startTime: '08:00', endTime: '15:00' },
      { id: 'pine-middle', name: 'Pine Middle', address: '2 Pine Rd', startTime: '08:30', endTime: '15:30' },
    ]);
  });
});

describe('billingSummary', () => {
  const FIGURES = 'invoiceCount invoicedCents invoicedDisplay paidCents paidDisplay outstandingCents outstandingDisplay';

  it('totals invoiced, paid and outstanding cents by status and by kind, every status listed', async () => {
    const data = expectOk(
      await gql(
        world,
        `{ billingSummary { tenant { id } ${FIGURES} byStatus { status ${FIGURES} } byKind { kind invoiceCount invoicedCents paidCents outstandingCents } } }`,
        {
          token: world.tokens.demo,
        },
      ),
    );
    const summary = data.billingSummary;

    // Three registration fees (50.00; the approved one sent, the pending one not yet, the rejected one's voided), weekly
    // invoices of the approved household only: 207.50 (partial, 100.00 paid) and 87.50 (paid).
    expect(summary).toMatchObject({
      tenant: { id: 'demo' },
      invoiceCount: 5,
      invoicedCents: 44_500,
      invoicedDisplay: '$445.00',
      paidCents: 18_750,
      paidDisplay: '$187.50',
      outstandingCents: 15_750,
      outstandingDisplay: '$157.50',
    });
    const byStatus = Object.fromEntries(
      summary.byStatus.map(
        (row: { status: string; invoiceCount: number; invoicedCents: number; paidCents: number; outstandingCents: number }) => [
          row.status,
          [row.invoiceCount, row.invoicedCents, row.paidCents, row.outstandingCents],
        ],
      ),
    );
    expect(byStatus).toEqual({
      pending: [1, 5_000, 0, 0],
      draft: [0, 0, 0, 0],
      sent: [1, 5_000, 0, 5_000],
      unpaid: [0, 0, 0, 0],
      partial: [1, 20_750, 10_000, 10_750],
      paid: [1, 8_750, 8_750, 0],
      void: [1, 5_000, 0, 0],
    });
    expect(summary.byKind).toEqual([
      { kind: 'registration', invoiceCount: 3, invoicedCents: 15_000, paidCents: 0, outstandingCents: 5_000 },
      { kind: 'transportation', invoiceCount: 2, invoicedCents: 29_500, paidCents: 18_750, outstandingCents: 10_750 },
    ]);
  });

  it('agrees with the REST outstanding list', async () => {
    const data = expectOk(await gql(world, '{ billingSummary { outstandingCents } }', { token: world.tokens.demo }));
    const outstanding = await rest(world, 'GET', '/api/billing/outstanding', { token: world.tokens.demo });
    const restCents = outstanding.body.reduce(
      (sum: number, row: { total_outstanding: number }) => sum + Math.round(row.total_outstanding * 100),
      0,
    );

    expect(data.billingSummary.outstandingCents).toBe(restCents);
  });

  it("counts only the tenant's own invoices", async () => {
    const data = expectOk(
      await gql(world, '{ billingSummary(tenant: "acme") { invoiceCount invoicedCents outstandingCents } }', { token: world.tokens.admin }),
    );

    expect(data.billingSummary).toEqual({ invoiceCount: 1, invoicedCents: 5_000, outstandingCents: 0 });
  });
});

describe('households', () => {
  it('lists households newest first with children, payers, splits and invoices, as REST computes them', async () => {
    const data = expectOk(
      await gql(
        world,
        `{ households { totalCount nodes {
            id name registrationStatus firstPickupDate policyAcknowledged weeklyTotalCents weeklyTotalDisplay outstandingCents outstandingDisplay
            children { name transportNeed tripType rateWeeklyCents rateWeeklyDisplay active }
            payers { name isPrimary }
            payerSplits { payer { id name } amountCents amountDisplay }
            invoices { kind status amountCents amountPaidCents outstandingCents cycleStart cycleEnd payer { name } }
        } } }`,
        { token: world.tokens.demo },
      ),
    );
    const nodes = data.households.nodes;

    expect(data.households.totalCount).toBe(3);
    expect(nodes.map((node: { name: string; registrationStatus: string }) => [node.name, node.registrationStatus])).toEqual([
      ['Pat Pending', 'pending'],
      ['Rory Rejected', 'rejected'],
      ['Ava Approved', 'approved'],
    ]);
    const approved = nodes[2];
    expect(approved).toMatchObject({
      id: households.approved,
      firstPickupDate: '2026-06-01',
      policyAcknowledged: ['safety'],
      weeklyTotalCents: 29_500,
      weeklyTotalDisplay: '$295.00',
      outstandingCents: 15_750,
      outstandingDisplay: '$157.50',
      payers: [
        { name: 'Ava Approved', isPrimary: true },
        { name: 'Sam Second', isPrimary: false },
      ],
    });
    expect(approved.children).toEqual([
      {
        name: 'Ava Approved Kid A',
        transportNeed: 'both',
        tripType: 'two_way',
        rateWeeklyCents: 17_500,
        rateWeeklyDisplay: '$175.00',
        active: true,
      },
      {
        name: 'Ava Approved Kid B',
        transportNeed: 'morning',
        tripType: 'one_way',
        rateWeeklyCents: 12_000,
        rateWeeklyDisplay: '$120.00',
        active: true,
      },
    ]);
    expect(
      approved.payerSplits.map((split: { payer: { name: string }; amountCents: number; amountDisplay: string }) => [
        split.payer.name,
        split.amountCents,
        split.amountDisplay,
      ]),
    ).toEqual([
      ['Ava Approved', 20_750, '$207.50'],
      ['Sam Second', 8_750, '$87.50'],
    ]);
    expect(approved.invoices).toEqual(
      expect.arrayContaining([
        {
          kind: 'registration',
          status: 'sent',
          amountCents: 5_000,
          amountPaidCents: 0,
          outstandingCents: 5_000,
          cycleStart: null,
          cycleEnd: null,
          payer: { name: 'Ava Approved' },
        },
        {
          kind: 'transportation',
          status: 'partial',
          amountCents: 20_750,
          amountPaidCents: 10_000,
          outstandingCents: 10_750,
          cycleStart: '2026-06-15',
          cycleEnd: '2026-06-21',
          payer: { name: 'Ava Approved' },
        },
        {
          kind: 'transportation',
          status: 'paid',
          amountCents: 8_750,
          amountPaidCents: 8_750,
          outstandingCents: 0,
          cycleStart: '2026-06-15',
          cycleEnd: '2026-06-21',
          payer: { name: 'Sam Second' },
        },
      ]),
    );
    // The pending household owes nothing: its fee is not asked for and it is never billed.
    expect(nodes[0].outstandingCents).toBe(0);

    for (const node of nodes) {
      const detail = await rest(world, 'GET', `/api/billing/households/${node.id}`, { token: world.tokens.demo });
      expect(node.weeklyTotalCents).toBe(Math.round(detail.body.weekly_total * 100));
      expect(
        node.payerSplits.map((split: { payer: { id: string }; amountCents: number }) => ({
          payer_id: split.payer.id,
          amount: split.amountCents / 100,
        })),
      ).toEqual(detail.body.payer_splits);
    }
  });

  it('filters by registration status', async () => {
    const data = expectOk(
      await gql(world, '{ households(registrationStatus: [approved, rejected]) { totalCount nodes { name } } }', {
        token: world.tokens.demo,
      }),
    );

    expect(data.households).toEqual({ totalCount: 2, nodes: [{ name: 'Rory Rejected' }, { name: 'Ava Approved' }] });
  });
});

describe('auditLog', () => {
  it("lists the tenant's audit rows newest first, as the REST tenant log does, and filters by action", async () => {
    const data = expectOk(
      await gql(world, '{ auditLog { totalCount nodes { id actor action resource details createdAt } } }', { token: world.tokens.demo }),
    );
    const nodes = data.auditLog.nodes;

    // The setup's staff writes (routes) are audited too; the impersonation rows come in time order among them.
    const impersonation = nodes.filter((node: { actor: string }) => node.actor.startsWith('root@platform.test'));
    expect(impersonation[0]).toMatchObject({
      actor: 'root@platform.test as ops@demo.test (operator)',
      action: 'checked_dashboard',
      resource: 'stats',
      details: { page: 'stats' },
      createdAt: '2026-06-17T11:59:00Z',
    });
    expect(impersonation[1]).toMatchObject({ actor: 'root@platform.test', action: 'assume_identity_start', resource: 'tenant:demo' });
    expect(
      nodes.find((node: { action: string; resource: string }) => node.action === 'route.create' && node.resource === 'route:south-loop'),
    ).toMatchObject({ actor: 'ops@demo.test' });
    const times = nodes.map((node: { createdAt: string }) => node.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const logs = await rest(world, 'GET', '/api/tenants/demo/logs', { token: world.tokens.demo });
    expect(nodes.map((node: { id: string }) => node.id)).toEqual(logs.body.map((row: { id: string }) => row.id));
    expect(data.auditLog.totalCount).toBe(logs.body.length);

    const filtered = expectOk(
      await gql(world, '{ auditLog(action: "assume_identity_start") { totalCount nodes { action } } }', { token: world.tokens.demo }),
    );
    expect(filtered.auditLog).toEqual({ totalCount: 1, nodes: [{ action: 'assume_identity_start' }] });

    // acme's own staff writes of the setup, none of demo's rows.
    const acme = expectOk(
      await gql(world, '{ auditLog(tenant: "acme") { totalCount nodes { id actor } } }', { token: world.tokens.admin }),
    );
    const acmeLogs = await rest(world, 'GET', '/api/tenants/acme/logs', { token: world.tokens.admin });
    expect(acme.auditLog.nodes.map((node: { id: string }) => node.id)).toEqual(acmeLogs.body.map((row: { id: string }) => row.id));
    expect(acme.auditLog.nodes.some((node: { id: string }) => nodes.some((own: { id: string }) => own.id === node.id))).toBe(false);
  });
});
