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
      const ended = await waitFor(
        async () => (await server.terminateLockWaiters()) || undefined,
        30_000,
        'the intake to wait for the lock',
      );
      expect(ended).toBe(1);
      await locker.query('commit');
      const answer = await answering;
      expect(answer.status).toBe(201);
      const [row] = await claims.db.fork().execute('select count(*)::int as n from claims_client where email = ?', [body.client.email]);
      expect(row?.n).toBe(1);
      const claimsOfClient = await claims.db
        .fork()
        .execute('select c.claim_number from claims_claim c join claims_client k on k.id = c.client_id where k.email = ?', [
          body.client.email,
        ]);
      expect(claimsOfClient).toEqual([{ claim_number: answer.body.claim_number }]);
    } finally {
      await locker.end();
      await server.close();
    }
  });
});

/** The team mail rows of a claim, with the claim and client numbers they name. */
const teamMailsOf = async (claims: TestClaims, claimNumber: string) =>
  claims.db.fork().execute<{ subject: string; body: string; client_number: string }[]>(
    `select m.subject, m.body, k.client_number from mail_outbox m join claims_claim c on c.id::text = m.reference
       join claims_client k on k.id = c.client_id where c.claim_number = ? and m.kind = 'intake_summary'`,
    [claimNumber],
  );

const rowsOfEmail = async (claims: TestClaims, email: string) => {
  const [row] = await claims.db.fork().execute(
    `select (select count(*)::int from claims_client where email = ?) as clients,
       (select count(*)::int from claims_claim c join claims_client k on k.id = c.client_id where k.email = ?) as claims,
       (select count(*)::int from mail_outbox where kind = 'intake_summary' and reply_to = ?) as team_mails`,
    [email, email, email],
  );

  return row;
};

describe('the team mail of an intake is queued in the intake itself', () => {
  let claims: TestClaims;
  beforeAll(async () => {
    claims = await startTestClaims();
  });
  afterAll(async () => {
    await claims?.close();
  });

  it('writes the team mail with the real claim and client numbers beside the claim', async () => {
    const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
    expect(answer.status).toBe(201);
    const [mail, ...others] = await teamMailsOf(claims, answer.body.claim_number);
    expect(others).toEqual([]);
    expect(mail?.subject).toContain(`New claim ${answer.body.claim_number}:`);
    expect(mail?.body).toContain(`Claim:   ${answer.body.claim_number}`);
    expect(mail?.body).toContain(`Client:  ${mail?.client_number}, Acme Supplies`);
    expect(mail?.body).toContain(`/staff/claims/${answer.body.claim_number}`);
    expect(`${mail?.subject} ${mail?.body}`).not.toMatch(/claimnumber|clientnumber/);
  });

  it('files no claim when its team mail cannot be queued: neither row exists', async () => {
    const em = claims.db.fork();
    await em.execute(`create function refuse_intake_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await em.execute(
      "create trigger refuse_intake_mail before insert on mail_outbox for each row when (new.kind = 'intake_summary') execute function refuse_intake_mail()",
    );
    const body = intakeBody();
    try {
      const answer = await call(claims, 'POST', '/api/intake', { body });
      expect(answer.status).toBe(500);
      expect(answer.body.error.code).toBe('internal_error');
    } finally {
      await em.execute('drop trigger refuse_intake_mail on mail_outbox');
      await em.execute('drop function refuse_intake_mail()');
    }
    expect(await rowsOfEmail(claims, body.client.email)).toEqual({ clients: 0, claims: 0, team_mails: 0 });
    // Sent again once the outbox takes mail, the intake files the claim and its mail together.
    const again = await call(claims, 'POST', '/api/intake', { body });
    expect(again.status).toBe(201);
    expect(await rowsOfEmail(claims, body.client.email)).toEqual({ clients: 1, claims: 1, team_mails: 1 });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('an intake whose connection is cut while its team mail is being queued', () => {
  let claims: TestClaims;
  beforeAll(async () => {
    claims = await startTestClaims();
  });
  afterAll(async () => {
    await claims?.close();
  });

  it('is run again on a new connection: one claim and its one team mail', async () => {
    const databaseUrl = claims.shared.database.env.DATABASE_URL ?? '';
    const server = await openServerControl(databaseUrl);
    // Hold the outbox against inserts, so the write of the team mail waits; then end that session.
    const locker = await connectTo(databaseUrl);
    try {
      await locker.query('begin');
      await locker.query('lock table mail_outbox in share mode');
      const body = intakeBody();
      const answering = call(claims, 'POST', '/api/intake', { body });
      let ended = 0;
      for (let attempt = 0; attempt < 200 && ended === 0; attempt++) {
        // Polls the server's own view of who waits (no fixed wait decides the outcome).
        await new Promise((resolve) => setTimeout(resolve, 50));
        // The intake's statement (which writes the mail), or a write of the mail on its own.
        ended = await server.terminateLockWaitersRunning(['%with existing as%', '%insert into "mail_outbox"%']);
      }
      expect(ended).toBe(1);
      await locker.query('commit');
      const answer = await answering;
      expect(answer.status).toBe(201);
      expect(await rowsOfEmail(claims, body.client.email)).toEqual({ clients: 1, claims: 1, team_mails: 1 });
      expect(await teamMailsOf(claims, answer.body.claim_number)).toHaveLength(1);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await server.close();
    }
  });
});
