import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, snapshot, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const mutate = (name: string, input: unknown, token?: string) => call(world, 'POST', `/trpc/${name}`, { token, body: input });
const school = async (name: string, token = world.tokens.demo): Promise<string> =>
  (await mutate('operations.createSchool', { name }, token)).body.result.data.id;
const childrenOf = (householdId: string) =>
  world.transport.db
    .fork()
    .execute<{ id: string; name: string; school_id: string | null; transport_need: string; rate_weekly_cents: number }[]>(
      'select id, name, school_id, transport_need, rate_weekly_cents from transport_child where household_id = ? order by name',
      [householdId],
    );
const auditRows = (action: string) =>
  world.transport.db
    .fork()
    .execute<{ resource: string; details: Record<string, unknown>; household_id: string | null }[]>(
      'select resource, details, household_id from transport_audit_log where action = ? order by created_at',
      [action],
    );

describe('PATCH /api/children/{child_id}', () => {
  it("corrects name, school, grade and need; a new need reprices at the tenant's rates; the change is audited field by field", async () => {
    const elm = await school('Elm Middle');
    const household = await register(world);
    const [kim] = await childrenOf(household.household_id);
    const changed = await call(world, 'PATCH', `/api/children/${kim!.id}`, {
      token: world.tokens.demo,
      body: { name: 'Kim Lee', school_id: elm, grade: '4', transport_need: 'morning' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: kim!.id,
      name: 'Kim Lee',
      school: 'Elm Middle',
      school_id: elm,
      grade: '4',
      transport_need: 'morning',
      trip_type: 'one_way',
      rate_weekly: 120,
    });
    const row = (await auditRows('child.update')).at(-1);
    expect(row).toMatchObject({ resource: `child:${kim!.id}`, household_id: household.household_id });
    expect(row?.details).toEqual({
      name: { from: kim!.name, to: 'Kim Lee' },
      school: { from: 'Oak Elementary', to: 'Elm Middle' },
      school_id: { from: 'oak', to: elm },
      grade: { from: '3', to: '4' },
      transport_need: { from: 'both', to: 'morning' },
      trip_type: { from: 'two_way', to: 'one_way' },
      rate_weekly_cents: { from: 17_500, to: 12_000 },
    });
    // No school at all is allowed (a child between schools).
    expect(
      (await call(world, 'PATCH', `/api/children/${kim!.id}`, { token: world.tokens.demo, body: { school_id: null } })).body,
    ).toMatchObject({ school: null, school_id: null });
  });

  it("refuses an unknown school, another tenant's school or child, and bad input, changing nothing", async () => {
    const acmeSchool = await school('Acme Academy', world.tokens.acme);
    const household = await register(world);
    const [kim] = await childrenOf(household.household_id);
    const before = await snapshot(world);
    const audits = (await auditRows('child.update')).length;
    for (const body of [
      { school_id: 'no-such-school' },
      { school_id: acmeSchool },
      { name: '' },
      { name: 'x'.repeat(201) },
      { transport_need: 'evening' },
      { name: 'Kim', rate_weekly_cents: 0 },
      { name: 'Kim', household_id: 'elsewhere' },
      { name: 42 },
      { name: 'Kim\u0000Lee' },
      {},
    ]) {
      const refused = await call(world, 'PATCH', `/api/children/${kim!.id}`, { token: world.tokens.demo, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.detail, JSON.stringify(body)).toBeTruthy();
    }
    const unknown = await call(world, 'PATCH', `/api/children/${kim!.id}`, {
      token: world.tokens.demo,
      body: { school_id: 'no-such-school' },
    });
    expect(JSON.stringify(unknown.body.detail)).toContain('school_id');
    expect((await call(world, 'PATCH', `/api/children/${kim!.id}`, { token: world.tokens.acme, body: { name: 'Taken' } })).status).toBe(
      404,
    );
    expect((await call(world, 'PATCH', '/api/children/no-such-child', { token: world.tokens.demo, body: { name: 'Nobody' } })).status).toBe(
      404,
    );
    expect((await call(world, 'PATCH', `/api/children/${kim!.id}`, { token: world.tokens.parent, body: { name: 'Mine' } })).status).toBe(
      403,
    );
    expect((await call(world, 'PATCH', `/api/children/${kim!.id}`, { body: { name: 'Anyone' } })).status).toBe(401);
    expect(await snapshot(world)).toBe(before);
    expect(await auditRows('child.update')).toHaveLength(audits);
  });

  it('keeps a hostile name as text', async () => {
    const household = await register(world);
    const [kim] = await childrenOf(household.household_id);
    const name = '<img src=x onerror=alert(1)> "Robert\'); DROP TABLE transport_child;--';
    const changed = await call(world, 'PATCH', `/api/children/${kim!.id}`, { token: world.tokens.demo, body: { name } });
    expect(changed.body.name).toBe(name);
    expect((await childrenOf(household.household_id)).some((child) => child.name === name)).toBe(true);
  });
});

describe('moving children before removing a school', () => {
  it('moves every child of a school to another, audited, after which the school can be removed', async () => {
    const from = await school('Walnut Primary');
    const to = await school('Chestnut Primary');
    const household = await register(world, {
      children: [
        { name: 'Wren Walnut', transport_need: 'both', school_id: from },
        { name: 'Ash Walnut', transport_need: 'morning', school_id: from },
      ],
    });
    const refused = await mutate('operations.deleteSchool', { school_id: from }, world.tokens.demo);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('2 children attend this school; move them to another school first.');
    const moved = await mutate('operations.moveSchoolChildren', { school_id: from, to_school_id: to }, world.tokens.demo);
    expect(moved.status).toBe(200);
    const ids = (await childrenOf(household.household_id)).map((child) => child.id).sort();
    expect(moved.body.result.data).toEqual({ moved: 2, child_ids: ids, to_school_id: to });
    expect((await childrenOf(household.household_id)).every((child) => child.school_id === to)).toBe(true);
    expect((await auditRows('school.move_children')).at(-1)).toMatchObject({
      resource: `school:${from}`,
      details: { to_school_id: to, child_ids: ids },
    });
    expect((await mutate('operations.deleteSchool', { school_id: from }, world.tokens.demo)).body.result.data).toEqual({ ok: true });
  });

  it("refuses another tenant's schools, an unknown target, the same school and unknown fields, moving nobody", async () => {
    const from = await school('Hazel Primary');
    const acme = await school('Acme Primary', world.tokens.acme);
    await register(world, { children: [{ name: 'Hal Hazel', transport_need: 'both', school_id: from }] });
    const before = await snapshot(world);
    expect((await mutate('operations.moveSchoolChildren', { school_id: from, to_school_id: acme }, world.tokens.demo)).status).toBe(400);
    expect(
      (await mutate('operations.moveSchoolChildren', { school_id: from, to_school_id: 'no-such-school' }, world.tokens.demo)).status,
    ).toBe(400);
    expect((await mutate('operations.moveSchoolChildren', { school_id: from, to_school_id: from }, world.tokens.demo)).status).toBe(400);
    expect(
      (await mutate('operations.moveSchoolChildren', { school_id: from, to_school_id: acme, all: true }, world.tokens.demo)).status,
    ).toBe(400);
    expect((await mutate('operations.moveSchoolChildren', { school_id: from, to_school_id: acme }, world.tokens.acme)).status).toBe(404);
    expect((await mutate('operations.moveSchoolChildren', { school_id: from, to_school_id: acme }, world.tokens.parent)).status).toBe(403);
    expect(await snapshot(world)).toBe(before);
  });
});
