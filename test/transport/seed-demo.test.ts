import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let transport: TestTransport;
beforeAll(async () => {
  transport = await startTestTransport({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await transport?.close();
});

describe('SEED_DEMO at start', () => {
  it('fills the demo tenant with schools, routes, buses and a household', async () => {
    const schools = await fetch(`${transport.url}/api/public/schools?tenant=demo`).then(
      (response) => response.json() as Promise<{ schools: unknown[] }>,
    );
    expect(schools.schools.length).toBeGreaterThan(0);
    const em = transport.db.fork();
    const [counts] = await em.execute<{ routes: number; buses: number; households: number }[]>(
      `select (select count(*)::int from transport_route where tenant_id = 'demo') as routes,
              (select count(*)::int from transport_bus where tenant_id = 'demo') as buses,
              (select count(*)::int from transport_household where tenant_id = 'demo') as households`,
    );
    expect(counts?.routes).toBeGreaterThan(0);
    expect(counts?.buses).toBeGreaterThan(0);
    expect(counts?.households).toBe(1);
    // The sample stops are Savannah's, so their times are read on its clock.
    const zone = await em.execute<{ time_zone: string }[]>("select time_zone from transport_tenant where id = 'demo'");
    expect(zone[0]?.time_zone).toBe('America/New_York');
  });

  it('gives the demo household schools and routes that exist in the demo tenant, and counts its children as riding', async () => {
    const dangling = await transport.db.fork().execute<{ name: string }[]>(
      `select c.name from transport_child c
        where c.tenant_id = 'demo'
          and (not exists (select 1 from transport_school s where s.tenant_id = 'demo' and s.id = c.school_id)
               or not exists (select 1 from transport_route r where r.tenant_id = 'demo' and r.id = c.route))`,
    );
    expect(dangling).toEqual([]);
    const children = await transport.db
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from transport_child where tenant_id = 'demo'");
    expect(children[0]?.n).toBe(2);
  });

  it('repairs a demo household seeded with schools the demo tenant never had', async () => {
    const em = transport.db.fork();
    await em.execute(
      "update transport_child set school_id = 'oakwood-elementary', route = 'north-loop' where id = '5eed0000-0000-4000-8000-000000000003'",
    );
    const { seedDemoHousehold } = await import('../../packages/db/src/transport/billing/seed-demo-household.ts');
    await seedDemoHousehold(em);
    const [mia] = await em.execute<{ school_id: string; route: string }[]>(
      "select school_id, route from transport_child where id = '5eed0000-0000-4000-8000-000000000003'",
    );
    expect(mia).toEqual({ school_id: 'jacob-g-smith-elementary', route: 'midtown-loop' });
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the transport paths with bearer security and accepts the tenant hint on any path', async () => {
    const answer = await fetch(`${transport.url}/api/openapi.json?tenant=demo`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as {
      paths: Record<string, Record<string, { security: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.paths['/api/routes']?.get?.security).toEqual([{ accessToken: [] }]);
    expect(document.paths['/api/tenants']?.get?.security).toEqual([{ accessToken: [] }]);
    expect(document.paths['/api/ops/impersonated/me']?.get?.security).toEqual([{ impersonationToken: [] }]);
    expect(document.paths['/api/billing/rates']?.get?.security).toEqual([]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['accessToken', 'impersonationToken']);
    const rates = await fetch(`${transport.url}/api/billing/rates?slug=demo`);
    expect(rates.status).toBe(200);
    const stray = await fetch(`${transport.url}/api/billing/rates?color=blue`);
    expect(stray.status).toBe(400);
  });
});
