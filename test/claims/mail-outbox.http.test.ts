import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, TEST_STAFF_KEY, type TestClaims } from '../support/claims-server.ts';
import { intakeBody, call } from '../support/claims-client.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase } from '../support/webhooks/test-database.ts';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.ts';
import { waitFor } from '../support/webhooks/wait-for.ts';
import { claimDueMails } from '@switchyard/db/mail-outbox';

type OutboxRow = {
  status: string;
  attempts: number;
  next_attempt_at: Date;
  body: string;
  last_error: string | null;
  kind: string;
  locked_until: Date | null;
};

const outboxRows = (claims: TestClaims, reference: string): Promise<OutboxRow[]> =>
  claims.db
    .fork()
    .execute(
      "select status, attempts, next_attempt_at, body, last_error, kind, locked_until from mail_outbox where reference = ? and kind = 'intake_summary'",
      [reference],
    );

const claimIdOf = async (claims: TestClaims, claimNumber: string): Promise<string> => {
  const [row] = await claims.db.fork().execute('select id from claims_claim where claim_number = ?', [claimNumber]);

  return row?.id as string;
};

describe('the mail outbox', () => {
  let claims: TestClaims;
  beforeAll(async () => {
    claims = await startTestClaims();
  });
  afterAll(async () => {
    await claims?.close();
  });

  it('retries a mail the server turned away for now with backoff, and sends it once it takes it', async () => {
    const start = new Date();
    claims.setNow(start);
    claims.smtp.refuseMail(true, 451);
    try {
      const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
      expect(answer.status).toBe(201);
      const claimId = await claimIdOf(claims, answer.body.claim_number);
      const failedOnce = await waitFor(
        async () => {
          const [row] = await outboxRows(claims, claimId);

          // Counted when taken; the retry is scheduled once the attempt has failed and the lease is let go.
          return row?.attempts === 1 && row.locked_until === null ? row : undefined;
        },
        10_000,
        'the first attempt',
      );
      expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/try again later/) });
      const delay = new Date(failedOnce?.next_attempt_at ?? 0).getTime() - start.getTime();
      expect(delay).toBeGreaterThanOrEqual(30_000);
      expect(delay).toBeLessThanOrEqual(33_000);
      expect(claims.logLines.some((line) => line.includes('will retry'))).toBe(true);
      claims.smtp.refuseMail(false);
      // Not before its time: a claim of due mail, stepped by the test at the service's time, leaves it ...
      const early = await claimDueMails(claims.db.fork(), {
        source: 'claims',
        now: start,
        leaseUntil: new Date(start.getTime() + 60_000),
        limit: 10,
      });
      expect(early).toEqual([]);
      expect((await outboxRows(claims, claimId))[0]?.attempts).toBe(1);
      // ... and sent once it has come.
      claims.setNow(new Date(start.getTime() + delay + 1_000));
      const mail = await claims.smtp.waitFor(
        (message) => message.subject.includes(answer.body.claim_number) && message.to.includes('team@claims.test'),
      );
      expect(mail.to).toEqual(['team@claims.test']);
      const sent = await waitFor(
        async () => {
          const [row] = await outboxRows(claims, claimId);

          return row?.status === 'sent' ? row : undefined;
        },
        5_000,
        'the row marked sent',
      );
      // The body is not kept once sent (sign-in links must not linger in the database).
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, body: '' });
      expect(
        claims.smtp.messages.filter(
          (message) => message.subject.includes(answer.body.claim_number) && message.to.includes('team@claims.test'),
        ),
      ).toHaveLength(1);
    } finally {
      claims.smtp.refuseMail(false);
      claims.setNow(null);
    }
  });

  it('gives a mail up after its attempts are spent, logging it and recording it on the claim', async () => {
    let clock = Date.now();
    claims.setNow(new Date(clock));
    claims.smtp.refuseMail(true, 450);
    try {
      const answer = await call(claims, 'POST', '/api/intake', { body: intakeBody() });
      const claimId = await claimIdOf(claims, answer.body.claim_number);
      for (let attempt = 1; attempt <= 6; attempt++) {
        // Step the outbox at the service's clock rather than wait for its poll; the poller may take the mail
        // first, so the attempt is still awaited by its row.
        await claims.runMailOutbox();
        await waitFor(
          async () => {
            const [row] = await outboxRows(claims, claimId);

            return row?.attempts === attempt && row.locked_until === null ? true : undefined;
          },
          // Each attempt waits on the worker's poll and the sink's answer: generous for a busy machine.
          30_000,
          `attempt ${attempt}`,
        );
        clock += 60 * 60_000;
        claims.setNow(new Date(clock));
      }
      const failed = await waitFor(
        async () => {
          const [row] = await outboxRows(claims, claimId);

          return row?.status === 'failed' ? row : undefined;
        },
        30_000,
        'the row given up on',
      );
      expect(failed).toMatchObject({ attempts: 6, body: '' });
      const audit = await waitFor(
        async () => {
          const rows = await claims.db
            .fork()
            .execute("select * from claims_audit_entry where claim_id = ? and field = 'email_delivery'", [claimId]);

          // The intake queues two mails for the claim (the team's summary, the new client's acknowledgement): one row each.
          return rows.length >= 2 ? rows : undefined;
        },
        30_000,
        'the audit rows',
      );
      const kinds = await claims.db
        .fork()
        .execute("select kind from mail_outbox where reference = ? and status = 'failed' order by kind", [claimId]);
      expect(kinds).toEqual([{ kind: 'intake_acknowledgement' }, { kind: 'intake_summary' }]);
      expect(audit).toEqual([
        expect.objectContaining({ action: 'note_add', new_value: 'failed', reason: expect.stringMatching(/try again later/) }),
        expect.objectContaining({ action: 'note_add', new_value: 'failed', reason: expect.stringMatching(/try again later/) }),
      ]);
      expect(claims.logLines.some((line) => line.includes('given up'))).toBe(true);
    } finally {
      claims.smtp.refuseMail(false);
      claims.setNow(null);
    }
    // Six stepped attempts and the give-up: each may wait on a busy machine, so the test as a whole gets room.
  }, 240_000);
});

describe('mail across a crash', () => {
  it('is still sent after the process was killed with SIGKILL before it could send', async () => {
    const database = await createTestDatabase();
    const smtp = await startSmtpSink();
    const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-claims-kill-'));
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      CLAIMS_PORT: '0',
      TRANSPORT_PORT: '0',
      DATA_DIR: database.env.DATA_DIR,
      DATABASE_URL: database.env.DATABASE_URL,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      STAFF_KEY: TEST_STAFF_KEY,
      SMTP_URL: smtp.url,
      TEAM_EMAIL: 'team@claims.test',
      PORTAL_URL: 'https://portal.claims.test',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    };
    let second: ServiceProcess | null = null;
    try {
      smtp.refuseMail(true, 451);
      const first = await startServiceProcess(env);
      const answer = await fetch(`${first.url}/api/intake`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(intakeBody()),
      });
      expect(answer.status).toBe(201);
      const { claim_number: claimNumber } = (await answer.json()) as { claim_number: string };
      // Both mails of the intake (the team's and the client's acknowledgement) have failed once and
      // are pending again: killed while one is still being sent, its lease would outlast the test.
      await waitFor(
        () => ((first.output().match(/will retry/g)?.length ?? 0) >= 2 ? true : undefined),
        15_000,
        'a failed attempt of each mail',
      );
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      expect(smtp.messages).toEqual([]);
      smtp.refuseMail(false);
      // Time passes until the retry is due (the child's clock cannot be moved from here).
      const db = await database.open();
      try {
        await db.fork().execute("update mail_outbox set next_attempt_at = now() - interval '1 second' where status = 'pending'");
      } finally {
        await db.close();
      }
      second = await startServiceProcess(env);
      const mail = await smtp.waitFor(
        (message) => message.subject.includes(claimNumber) && message.to.includes('team@claims.test'),
        20_000,
      );
      expect(mail.to).toEqual(['team@claims.test']);
      // Once every mail the sink took is marked sent (the worker logs it after the row's update),
      // no row is left that could be sent again.
      const restarted = second;
      await waitFor(
        () => (restarted.output().match(/"msg":"mail sent"/g)?.length ?? 0) >= smtp.messages.length,
        20_000,
        'every sent mail marked sent',
      );
      expect(
        smtp.messages.filter((message) => message.subject.includes(claimNumber) && message.to.includes('team@claims.test')),
      ).toHaveLength(1);
    } finally {
      await second?.stop();
      await smtp.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
