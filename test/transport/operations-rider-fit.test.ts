import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

// Riders that fit: a run the child rides, a route that serves its school, or an operator's audited override.

let h: OperationsHarness;
const kids: Record<string, string> = {};

const stops = [
  { name: 'Oak & 5th', address: '5 Oak St', lat: 32.0, lng: -81.1 },
  { name: 'Elm Corner', address: '9 Elm St', lat: 32.01, lng: -81.1 },
  // Named as the school: the route serves Hill School.
  { name: 'Hill School', address: '1 Hill Rd', lat: 32.02, lng: -81.1 },
];
const runs = (morning: unknown[], afternoon: unknown[]) => ({
  morning: {
    stops: [
      { stop: 1, time: '07:40', riders: morning },
      { stop: 2, time: '07:50' },
      { stop: 3, time: '08:05' },
    ],
  },
  afternoon: {
    stops: [
      { stop: 3, time: '15:00' },
      { stop: 2, time: '15:15' },
      { stop: 1, time: '15:25', riders: afternoon },
    ],
  },
});
const get = async (id: string) => h.call('GET', `/api/routes/${id}`, { token: h.tokens.demo });
const overrideRows = async (resource: string) =>
  h.transport.db
    .fork()
    .execute<{ actor: string; details: any }[]>(
      'select actor, details from transport_audit_log where tenant_id = ? and action = ? and resource = ? order by created_at, id',
      ['demo', 'route.riders_override', resource],
    );

const addChild = async (
  tenantId: string,
  name: string,
  need: 'morning' | 'afternoon' | 'both',
  school: { id?: string; name?: string },
  active = true,
) => {
  const em = h.transport.db.fork();
  const householdId = randomUUID();
  const childId = randomUUID();
  await em.execute('insert into transport_household (id, tenant_id, name) values (?, ?, ?)', [householdId, tenantId, `${name} family`]);
  await em.execute(
    'insert into transport_child (id, tenant_id, household_id, name, transport_need, trip_type, rate_weekly_cents, school_id, school, active) values (?, ?, ?, ?, ?, ?, 17500, ?, ?, ?)',
    [childId, tenantId, householdId, name, need, need === 'both' ? 'two_way' : 'one_way', school.id ?? null, school.name ?? null, active],
  );
  kids[name] = childId;
};

beforeAll(async () => {
  h = await startOperationsHarness();
  const em = h.transport.db.fork();
  for (const tenant of ['demo', 'acme']) {
    await em.execute(
      "insert into transport_school (tenant_id, id, name, address) values (?, 'hill', 'Hill School', '1 Hill Rd'), (?, 'oak', 'Oak Academy', '2 Oak Rd')",
      [tenant, tenant],
    );
  }
  await addChild('demo', 'Mia', 'morning', { id: 'hill' });
  await addChild('demo', 'Ben', 'both', { id: 'oak' });
  await addChild('demo', 'Ada', 'both', { id: 'hill' });
  // No school_id: the school as the family wrote it names the tenant's school.
  await addChild('demo', 'Cal', 'afternoon', { name: ' hill school ' });
  await addChild('demo', 'Dan', 'both', { id: 'hill' }, false);
  await addChild('acme', 'Zed', 'both', { id: 'hill' });
});
afterAll(async () => {
  await h?.close();
});

describe('riders that do not fit are a 409 naming the conflict', () => {
  it('a mornings-only child on the afternoon run: 409, nothing written', async () => {
    const before = await h.count('transport_route', 'demo');
    const answer = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Hill Loop', mode: 'both', stops, runs: runs([], [kids.Mia]) },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe(
      `Mia (${kids.Mia}) rides mornings only but is placed on stop 1 of the afternoon run. Send override with a reason to place them anyway.`,
    );
    expect(await h.count('transport_route', 'demo')).toBe(before);
    expect((await get('hill-loop')).status).toBe(404);
  });

  it('a child of a school the route does not serve: 409 naming the school and the ones it serves', async () => {
    const answer = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Hill Loop', mode: 'both', stops, runs: runs([{ child_id: kids.Ben }], []) },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe(
      `Ben (${kids.Ben}) attends Oak Academy, which this route does not serve (it serves Hill School). Send override with a reason to place them anyway.`,
    );
    expect((await get('hill-loop')).status).toBe(404);
  });

  it('riders that fit are saved with no warning and no override row', async () => {
    const answer = await h.call('POST', '/api/routes', {
      token: h.tokens.demo,
      body: { name: 'Hill Loop', mode: 'both', stops, runs: runs([kids.Mia], []) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.rider_warnings).toEqual([]);
    expect(await overrideRows('route:hill-loop')).toEqual([]);
  });

  it('a change of the runs is held to the same rules: 409 and the runs stay', async () => {
    const answer = await h.call('PUT', '/api/routes/hill-loop', { token: h.tokens.demo, body: { runs: runs([kids.Mia], [kids.Mia]) } });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toContain(`Mia (${kids.Mia}) rides mornings only but is placed on stop 1 of the afternoon run.`);
    expect((await get('hill-loop')).body.runs[1].stops[2].riders).toEqual([]);
  });
});

describe('an operator override', () => {
  it('places the riders anyway, audits the reason and each conflict, and the route shows them as warnings', async () => {
    const reason = 'Mia stays at after-school care at Oak on Fridays';
    const answer = await h.call('PUT', '/api/routes/hill-loop', {
      token: h.tokens.demo,
      body: { runs: runs([kids.Mia, kids.Ben], [kids.Mia]), override: { reason } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.runs[1].stops[2].riders).toEqual([kids.Mia]);
    const warnings = [
      {
        child_id: kids.Mia,
        child_name: 'Mia',
        kind: 'direction',
        direction: 'afternoon',
        stop: 1,
        message: `Mia (${kids.Mia}) rides mornings only but is placed on stop 1 of the afternoon run.`,
      },
      {
        child_id: kids.Ben,
        child_name: 'Ben',
        kind: 'school',
        direction: 'morning',
        stop: 1,
        message: `Ben (${kids.Ben}) attends Oak Academy, which this route does not serve (it serves Hill School).`,
      },
    ];
    expect(answer.body.rider_warnings).toEqual(expect.arrayContaining(warnings));
    expect(answer.body.rider_warnings).toHaveLength(2);
    expect((await get('hill-loop')).body.rider_warnings).toEqual(answer.body.rider_warnings);
    const rows = await overrideRows('route:hill-loop');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details.reason).toBe(reason);
    expect(
      rows[0]?.details.conflicts.map((conflict: { child_id: string; kind: string }) => [conflict.child_id, conflict.kind]).sort(),
    ).toEqual(
      [
        [kids.Ben, 'school'],
        [kids.Mia, 'direction'],
      ].sort(),
    );
  });

  it('a later change keeps the riders an override let through without asking again; a new conflict still asks', async () => {
    const later = runs([kids.Mia, kids.Ben], [kids.Mia]);
    later.morning.stops[0] = { stop: 1, time: '07:35', riders: [kids.Mia, kids.Ben] };
    const kept = await h.call('PUT', '/api/routes/hill-loop', { token: h.tokens.demo, body: { runs: later } });
    expect(kept.status).toBe(200);
    expect(kept.body.runs[0].stops[0]).toMatchObject({ time: '07:35', riders: [kids.Mia, kids.Ben] });
    // Still shown as warnings on the route; no second override row.
    expect(kept.body.rider_warnings).toHaveLength(2);
    expect(await overrideRows('route:hill-loop')).toHaveLength(1);
    // Cal (afternoons only) on the morning run is a conflict the route did not have: asked about, nothing written.
    const added = await h.call('PUT', '/api/routes/hill-loop', {
      token: h.tokens.demo,
      body: { runs: runs([kids.Mia, kids.Ben, kids.Cal], [kids.Mia]) },
    });
    expect(added.status).toBe(409);
    expect(added.body.detail).toBe(
      `Cal (${kids.Cal}) rides afternoons only but is placed on stop 1 of the morning run. Send override with a reason to place them anyway.`,
    );
    expect((await get('hill-loop')).body.runs[0].stops[0]).toMatchObject({ time: '07:35' });
    // Back to the times the other tests expect.
    expect(
      (await h.call('PUT', '/api/routes/hill-loop', { token: h.tokens.demo, body: { runs: runs([kids.Mia, kids.Ben], [kids.Mia]) } }))
        .status,
    ).toBe(200);
  });

  it('an override with no reason is a 400 and changes nothing', async () => {
    for (const override of [{ reason: '  ' }, {}, true, { reason: 'x'.repeat(501) }]) {
      const answer = await h.call('PUT', '/api/routes/hill-loop', { token: h.tokens.demo, body: { runs: runs([kids.Ada], []), override } });
      expect(answer.status, JSON.stringify(override)).toBe(400);
    }
    expect((await get('hill-loop')).body.runs[0].stops[0].riders).toEqual([kids.Mia, kids.Ben]);
    expect(await overrideRows('route:hill-loop')).toHaveLength(1);
  });

  it("does not make an unknown child or another tenant's child a rider: still 400, nothing changed", async () => {
    for (const rider of [randomUUID(), kids.Zed]) {
      const answer = await h.call('PUT', '/api/routes/hill-loop', {
        token: h.tokens.demo,
        body: { runs: runs([rider], []), override: { reason: 'trying' } },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(`Rider ${rider} is not a child of this tenant.`);
    }
    expect((await get('hill-loop')).body.runs[0].stops[0].riders).toEqual([kids.Mia, kids.Ben]);
    expect(await overrideRows('route:hill-loop')).toHaveLength(1);
  });
});

describe("children of the route's schools without a stop", () => {
  it("lists the active children of the served schools for each run they ride and lack, never another tenant's", async () => {
    const answer = await get('hill-loop');
    expect(answer.body.unplaced_children).toEqual([
      { child_id: kids.Ada, child_name: 'Ada', school_id: 'hill', school_name: 'Hill School', missing: ['morning', 'afternoon'] },
      { child_id: kids.Cal, child_name: 'Cal', school_id: 'hill', school_name: 'Hill School', missing: ['afternoon'] },
    ]);
    // Acme's route at its own Hill School lists Zed, not demo's children.
    const acme = await h.call('POST', '/api/routes', { token: h.tokens.acme, body: { name: 'Acme Hill', mode: 'both', stops } });
    expect(acme.status).toBe(200);
    expect(acme.body.unplaced_children.map((child: { child_name: string }) => child.child_name)).toEqual(['Zed']);
  });

  it('a child placed on one run is listed for the other run only; placed on both, not at all', async () => {
    expect(
      (
        await h.call('PUT', '/api/routes/hill-loop', {
          token: h.tokens.demo,
          body: { runs: runs([kids.Mia, kids.Ben, kids.Ada], [kids.Mia]), override: { reason: 'as before' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (await get('hill-loop')).body.unplaced_children.map((child: { child_name: string; missing: string[] }) => [
        child.child_name,
        child.missing,
      ]),
    ).toEqual([
      ['Ada', ['afternoon']],
      ['Cal', ['afternoon']],
    ]);
    expect(
      (
        await h.call('PUT', '/api/routes/hill-loop', {
          token: h.tokens.demo,
          body: { runs: runs([kids.Mia, kids.Ada], [kids.Ada, kids.Cal]) },
        })
      ).status,
    ).toBe(200);
    const after = await get('hill-loop');
    expect(after.body.unplaced_children).toEqual([]);
    expect(after.body.rider_warnings).toEqual([]);
  });
});
