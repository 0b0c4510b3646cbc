import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

let transport: TestTransport;
beforeAll(async () => {
  transport = await startTestTransport({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await transport?.close();
});

describe("SEED_DEMO at start", () => {
  it('fills the demo tenant with schools, routes, buses and a household', async () => {
    const schools = await fetch(`${transport.url}/api/public/schools?tenant=demo`).then((response) => response.json() as Promise<{ schools: unknown[] }>);
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
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the transport paths with bearer security and accepts the tenant hint on any path', async () => {
    const answer = await fetch(`${transport.url}/api/openapi.json?tenant=demo`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as { paths: Record<string, Record<string, { security: unknown }>>; components: { securitySchemes: Record<string, unknown> } };
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
