import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, intakeBody } from '../support/claims-client.ts';
import { connectTo, openServerControl } from '../support/database-faults.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';

describe('health while the database refuses connections', () => {
  let claims: TestClaims;
  beforeAll(async () => {
    claims = await startTestClaims();
  });
  afterAll(async () => {
    await claims?.close();
  });

  it('answers ok while the database answers, degraded while it refuses, and ok again after', async () => {
    expect((await call(claims, 'GET', '/api/health')).body).toEqual({ status: 'ok', time: expect.any(String) });
    const url = claims.shared.database.env.DATABASE_URL;
    if (url) {
      const server = await openServerControl(url);
      try {
        await server.refuseConnections();
        const degraded = await call(claims, 'GET', '/api/health');
        expect(degraded.status).toBe(200);
        expect(degraded.body).toEqual({ status: 'degraded', time: expect.any(String) });
        await server.allowConnections();
        expect((await call(claims, 'GET', '/api/health')).body.status).toBe('ok');
      } finally {
        await server.allowConnections();
        await server.close();
      }
    } else {
      // The embedded database has no connection to refuse; its engine closed under the service stands for it.
      const engine = (await claims.db.fork().getConnection().getNativeClient()) as unknown as { close?: () => Promise<void> };
      await engine.close?.();
      const degraded = await call(claims, 'GET', '/api/health');
      expect(degraded.status).toBe(200);
      expect(degraded.body).toEqual({ status: 'degraded', time: expect.any(String) });
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('an intake whose database connection is cut mid-statement', () => {
  let claims: TestClaims;
  beforeAll(async () => {
    claims = await startTestClaims();
  });
  afterAll(async () => {
    await claims?.close();
  });

  it('is run again once on a new connection and answers 201 with one claim', async () => {
    const databaseUrl = claims.shared.database.env.DATABASE_URL ?? '';
    const server = await openServerControl(databaseUrl);
    const year = new Date().getUTCFullYear();
    const warmUp = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
    expect(warmUp.status).toBe(201);
    // Hold the claim counter, so the intake's statement waits on it; then end that waiting session.
    const locker = await connectTo(databaseUrl);
    try {
      await locker.query('begin');
      await locker.query("select counter from number_sequence where prefix = 'CLM' and year = $1 for update", [year]);
      const body = intakeBody();
      const answering = call(claims, 'POST', '/api/intake', { body });
      // Waits (on the server's own view of who waits for a lock) until the intake is there to end.
      const ended = await waitFor(async () => (await server.terminateLockWaiters()) || undefined, 30_000, 'the intake to wait for the lock');
      expect(ended).toBe(1);
      await locker.query('commit');
      const answer = await answering;
      expect(answer.status).toBe(201);
      const [row] = await claims.db.fork().execute('select count(*)::int as n from claims_client where email = ?', [body.client.email]);
      expect(row?.n).toBe(1);
      const claimsOfClient = await claims.db.fork().execute(
        'select c.claim_number from claims_claim c join claims_client k on k.id = c.client_id where k.email = ?',
        [body.client.email],
      );
      expect(claimsOfClient).toEqual([{ claim_number: answer.body.claim_number }]);
    } finally {
      await locker.end();
      await server.close();
    }
  });
});
