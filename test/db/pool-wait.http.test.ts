import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../packages/db/src/orm.ts';
import { call } from '../support/claims-client.ts';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

type PoolClient = { release(destroy?: boolean): void };
type PgPool = { connect(): Promise<PoolClient>; options: { max: number } };

/** Takes every connection of the service's pool, as requests stuck on a dead server would. */
const takeWholePool = async (db: Database): Promise<PoolClient[]> => {
  const pool = (await db.em.getConnection().getNativeClient()) as unknown as PgPool;

  return Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
};

describe.skipIf(!process.env.DATABASE_URL)('a request while every pool connection is taken', () => {
  let claims: TestClaims;
  let transport: TestTransport;
  beforeAll(async () => {
    claims = await startTestClaims();
    transport = await startTestTransport();
  });
  afterAll(async () => {
    await claims?.close();
    await transport?.close();
  });

  it('answers claims 503 with Retry-After after the pool wait limit instead of hanging, and 200 once a connection is free', async () => {
    expect((await call(claims, 'GET', '/api/staff/stats', { staff: true })).status).toBe(200);
    const taken = await takeWholePool(claims.db);
    try {
      const refused = await call(claims, 'GET', '/api/staff/stats', { staff: true });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toEqual({ error: { code: 'service_unavailable', message: expect.stringMatching(/database/) } });
    } finally {
      for (const client of taken) {
        client.release();
      }
    }
    expect((await call(claims, 'GET', '/api/staff/stats', { staff: true })).status).toBe(200);
  }, 30_000);

  it('answers transport 503 with Retry-After in its own envelope, over REST and tRPC', async () => {
    // The per-address limit is counted in the database before the input is read: an empty
    // registration is refused 400 when the database answers.
    const register = (path = '/api/registrations/full') =>
      fetch(`${transport.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect((await register()).status).toBe(400);
    const taken = await takeWholePool(transport.db);
    try {
      const refused = await register();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ detail: expect.stringMatching(/database/) });
      const refusedOverTrpc = await register('/trpc/billing.submitFullRegistration');
      expect(refusedOverTrpc.status).toBe(503);
      expect(refusedOverTrpc.headers.get('retry-after')).toBe('5');
      expect(await refusedOverTrpc.json()).toMatchObject({
        error: { data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, appCode: 'service_unavailable' } },
      });
    } finally {
      for (const client of taken) {
        client.release();
      }
    }
    expect((await register()).status).toBe(400);
  }, 30_000);
});
