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
