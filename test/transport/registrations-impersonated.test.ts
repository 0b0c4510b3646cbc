import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHousehold } from '../../packages/db/src/transport/billing/seed-demo-household.ts';
import { call, register, startBillingWorld, type BillingWorld } from './billing-support.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const audits = async (action: string) =>
  world.transport.db
    .fork()
    .execute<{ tenant_id: string; actor: string; resource: string }[]>(
      'select tenant_id, actor, resource from transport_audit_log where action = ? order by created_at',
      [action],
    );

describe('GET /api/ops/impersonated/registrations', () => {
  it('lists the impersonated tenant registrations only and audits list_registrations', async () => {
    const acme = await register(world, { tenant: 'acme' });
    const demo = await register(world);
    const assumed = await call(world, 'POST', '/api/ops/assume-identity', { token: world.tokens.admin, body: { tenant_id: 'acme' } });
    expect(assumed.status).toBe(200);
    const answer = await call(world, 'GET', '/api/ops/impersonated/registrations', { token: assumed.body.token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((row: { id: string }) => row.id)).toEqual([acme.household_id]);
    expect(answer.body[0]).toMatchObject({ status: 'pending', household_id: acme.household_id });
    expect(answer.body.some((row: { id: string }) => row.id === demo.household_id)).toBe(false);
    const rows = await audits('list_registrations');
    expect(rows).toEqual([{ tenant_id: 'acme', actor: expect.stringContaining('root@platform.test'), resource: 'registrations' }]);
  });

  it('answers 401 for a missing, unknown, ended or expired impersonation token, and for a normal session token, auditing nothing', async () => {
    const assumed = await call(world, 'POST', '/api/ops/assume-identity', { token: world.tokens.admin, body: { tenant_id: 'acme' } });
    const before = (await audits('list_registrations')).length;
    expect(await call(world, 'GET', '/api/ops/impersonated/registrations')).toEqual({ status: 401, body: { detail: 'Invalid token' } });
    expect((await call(world, 'GET', '/api/ops/impersonated/registrations', { token: 'not-a-session' })).status).toBe(401);
    expect((await call(world, 'GET', '/api/ops/impersonated/registrations', { token: world.tokens.admin })).status).toBe(401);
    world.transport.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await call(world, 'GET', '/api/ops/impersonated/registrations', { token: assumed.body.token })).status).toBe(401);
    } finally {
      world.transport.setNow(null);
    }
    await call(world, 'POST', '/api/ops/exit-impersonation', { token: assumed.body.token });
    expect((await call(world, 'GET', '/api/ops/impersonated/registrations', { token: assumed.body.token })).status).toBe(401);
    expect((await audits('list_registrations')).length).toBe(before);
  });
});

describe('seedDemoHousehold', () => {
  it('adds one demo household with two children and a primary payer, once', async () => {
    await seedDemoHousehold(world.transport.db.fork());
    await seedDemoHousehold(world.transport.db.fork());
    const answer = await call(world, 'GET', '/api/billing/households/5eed0000-0000-4000-8000-000000000001', { token: world.tokens.demo });
    expect(answer.status).toBe(200);
    expect(answer.body.children.map((child: { name: string }) => child.name)).toEqual(['Mia Rivera', 'Leo Rivera']);
    expect(answer.body.payers).toEqual([expect.objectContaining({ name: 'Ana Rivera', is_primary: true })]);
    expect(answer.body.weekly_total).toBe(295);
    const counts = await world.transport.db
      .fork()
      .execute<{ n: number }[]>(
        "select count(*)::int as n from transport_child where household_id = '5eed0000-0000-4000-8000-000000000001'",
      );
    expect(counts[0]?.n).toBe(2);
    expect((await call(world, 'GET', '/api/billing/households', { token: world.tokens.acme })).body).not.toContainEqual(
      expect.objectContaining({ id: '5eed0000-0000-4000-8000-000000000001' }),
    );
  });
});
