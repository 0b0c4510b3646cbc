import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestClaims, type TestClaims } from '../support/claims-server.ts';
import { call, freshIp, submitAndSignIn } from '../support/claims-client.ts';
import { PDF_BYTES, uploadForm } from '../support/multipart.ts';
import type { CapturedMail } from '../support/smtp-sink.ts';

let claims: TestClaims;
beforeAll(async () => {
  claims = await startTestClaims();
});
afterAll(async () => {
  await claims?.close();
});

const WINDOW_MS = 5 * 60_000;
const updateMails = (email: string): CapturedMail[] =>
  claims.smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('News about your claim'));

/** Runs `changes` at a fixed moment, then lets the grouping window pass; answers the moment. */
const atMoment = async (changes: () => Promise<void>) => {
  const moment = new Date(Date.now() + 60_000);
  claims.setNow(moment);
  await changes();
  // A pass of the outbox at a moment inside the window must send nothing.
  claims.setNow(new Date(moment.getTime() + WINDOW_MS - 10_000));
  await claims.runMailOutbox();

  return moment;
};

const passWindow = (moment: Date) => claims.setNow(new Date(moment.getTime() + WINDOW_MS + 1_000));

describe('client notifications', () => {
  it('mail the client once for a status change with notify_client, with a link that opens the claim; none without', async () => {
    const client = await submitAndSignIn(claims);
    const quiet = await submitAndSignIn(claims);
    try {
      const moment = await atMoment(async () => {
        expect(
          (
            await call(claims, 'PATCH', `/api/staff/claims/${client.claimNumber}`, {
              staff: true,
              body: { status: 'UNDER_REVIEW', notify_client: true },
            })
          ).status,
        ).toBe(200);
        expect(
          (
            await call(claims, 'PATCH', `/api/staff/claims/${quiet.claimNumber}`, {
              staff: true,
              body: { status: 'UNDER_REVIEW', notify_client: false },
            })
          ).status,
        ).toBe(200);
      });
      expect(updateMails(client.email)).toEqual([]);
      passWindow(moment);
      const mail = await claims.smtp.waitFor((message) => message.to.includes(client.email) && message.subject.startsWith('News about'));
      expect(mail.subject).toBe(`News about your claim ${client.claimNumber}`);
      expect(mail.text).toContain('- Status changed to Under Review');
      const link = /https:\/\/portal\.claims\.test\/portal\/claims\/[A-Z0-9-]+/.exec(mail.text)?.[0];
      expect(link).toBe(`https://portal.claims.test/portal/claims/${client.claimNumber}`);
      // The link's path is the portal page of the claim, whose data the client's session opens.
      const claimNumber = decodeURIComponent(new URL(link ?? '').pathname.split('/').at(-1) ?? '');
      expect((await call(claims, 'GET', `/api/claims/${claimNumber}`, { token: client.token })).status).toBe(200);
      // A further pass of the outbox sends nothing more.
      await claims.runMailOutbox();
      expect(updateMails(client.email)).toHaveLength(1);
      expect(updateMails(quiet.email)).toEqual([]);
    } finally {
      claims.setNow(null);
    }
  });

  it('tell the client of a tier change as their recovery stage, with a status change in the same mail; none without notify_client', async () => {
    const client = await submitAndSignIn(claims);
    const quiet = await submitAndSignIn(claims);
    try {
      const moment = await atMoment(async () => {
        const both = await call(claims, 'PATCH', `/api/staff/claims/${client.claimNumber}`, {
          staff: true,
          body: { status: 'ACTIVE', tier: 'TIER_2_5' },
        });
        expect(both.status).toBe(200);
        const silent = await call(claims, 'PATCH', `/api/staff/claims/${quiet.claimNumber}`, {
          staff: true,
          body: { tier: 'TIER_3', notify_client: false },
        });
        expect(silent.status).toBe(200);
        expect(silent.body.tier).toBe('TIER_3');
      });
      passWindow(moment);
      const mail = await claims.smtp.waitFor((message) => message.to.includes(client.email) && message.subject.startsWith('News about'));
      expect(mail.text).toContain('- Status changed to In Progress');
      expect(mail.text).toContain('- Recovery stage changed to Lien Threat');
      await claims.runMailOutbox();
      expect(updateMails(client.email)).toHaveLength(1);
      expect(updateMails(quiet.email)).toEqual([]);
    } finally {
      claims.setNow(null);
    }
  });

  it('group a status change, a shared note and a visible document within the window into one mail; internal ones say nothing', async () => {
    const client = await submitAndSignIn(claims);
    try {
      const moment = await atMoment(async () => {
        await call(claims, 'PATCH', `/api/staff/claims/${client.claimNumber}`, { staff: true, body: { status: 'ACTIVE' } });
        await call(claims, 'POST', `/api/staff/claims/${client.claimNumber}/notes`, {
          staff: true,
          body: { content: 'We called the debtor today.', visibility: 'SHARED', author_name: 'Dana' },
        });
        await call(claims, 'POST', `/api/staff/claims/${client.claimNumber}/notes`, {
          staff: true,
          body: { content: 'internal: debtor is evasive', visibility: 'INTERNAL' },
        });
        const shown = await uploadForm(
          `${claims.url}/api/staff/claims/${client.claimNumber}/documents`,
          { files: [{ name: 'demand-letter.pdf', type: 'application/pdf', content: PDF_BYTES }], fields: { client_visible: 'true' } },
          { 'X-Staff-Key': claims.staffKey, 'X-Forwarded-For': freshIp() },
        );
        expect(shown.status).toBe(201);
        const hidden = await uploadForm(
          `${claims.url}/api/staff/claims/${client.claimNumber}/documents`,
          { files: [{ name: 'internal-memo.pdf', type: 'application/pdf', content: PDF_BYTES }] },
          { 'X-Staff-Key': claims.staffKey, 'X-Forwarded-For': freshIp() },
        );
        expect(hidden.status).toBe(201);
      });
      expect(updateMails(client.email)).toEqual([]);
      passWindow(moment);
      const mail = await claims.smtp.waitFor((message) => message.to.includes(client.email) && message.subject.startsWith('News about'));
      expect(mail.text).toContain('- Status changed to In Progress');
      expect(mail.text).toMatch(/- A message from Dana:\r?\n {2}We called the debtor today\./);
      expect(mail.text).toContain('- A new document for you: demand-letter.pdf');
      expect(mail.text).not.toContain('evasive');
      expect(mail.text).not.toContain('internal-memo');
      await claims.runMailOutbox();
      expect(updateMails(client.email)).toHaveLength(1);
    } finally {
      claims.setNow(null);
    }
  });

  it('log and audit a client mail the server refuses, as for team mail', async () => {
    const client = await submitAndSignIn(claims);
    claims.smtp.refuseMail(true);
    try {
      const moment = await atMoment(async () => {
        await call(claims, 'POST', `/api/staff/claims/${client.claimNumber}/notes`, {
          staff: true,
          body: { content: 'Update for you', visibility: 'SHARED' },
        });
      });
      passWindow(moment);
      const detail = await call(claims, 'GET', `/api/staff/claims/${client.claimNumber}`, { staff: true });
      // The server's refusal is final (5xx): one pass of the outbox gives the mail up and records it.
      await claims.runMailOutbox();
      const audit = await claims.db
        .fork()
        .execute("select * from claims_audit_entry where claim_id = ? and field = 'email_delivery'", [detail.body.id]);
      expect(audit).toEqual([expect.objectContaining({ new_value: 'failed', reason: expect.stringMatching(/mailbox unavailable/) })]);
    } finally {
      claims.smtp.refuseMail(false);
      claims.setNow(null);
    }
  });
});

describe('team mail', () => {
  it('links to the claim in the staff console and replies to the client', async () => {
    const client = await submitAndSignIn(claims);
    const summary = await claims.smtp.waitFor(
      (mail) => mail.to.includes('team@claims.test') && mail.subject.startsWith(`New claim ${client.claimNumber}`),
    );
    expect(summary.text).toContain(`https://portal.claims.test/staff/claims/${client.claimNumber}`);
    expect(summary.raw).toMatch(new RegExp(`^Reply-To: ${client.email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
    const sent = await call(claims, 'POST', `/api/claims/${client.claimNumber}/messages`, {
      token: client.token,
      body: { subject: 'Other', content: 'Any news?' },
    });
    expect(sent.status).toBe(201);
    const message = await claims.smtp.waitFor(
      (mail) => mail.to.includes('team@claims.test') && mail.subject === `[${client.claimNumber}] Other`,
    );
    expect(message.text).toContain(`https://portal.claims.test/staff/claims/${client.claimNumber}`);
    expect(message.raw).toMatch(new RegExp(`^Reply-To: ${client.email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
  });
});

describe('the portal news marker', () => {
  it('marks a claim with a shared note or visible document since the client last opened it', async () => {
    const client = await submitAndSignIn(claims);
    const newsOf = async () => {
      const list = await call(claims, 'GET', '/api/claims', { token: client.token });

      return list.body.claims.find((item: { claim_number: string }) => item.claim_number === client.claimNumber)?.has_news;
    };
    expect(await newsOf()).toBe(false);
    await call(claims, 'POST', `/api/staff/claims/${client.claimNumber}/notes`, {
      staff: true,
      body: { content: 'internal only', visibility: 'INTERNAL' },
    });
    expect(await newsOf()).toBe(false);
    // Each step a second later on the service's clock, so "since the client last opened it" is never a tie.
    const start = Date.now() + 60_000;
    claims.setNow(new Date(start));
    await call(claims, 'POST', `/api/staff/claims/${client.claimNumber}/notes`, {
      staff: true,
      body: { content: 'For you', visibility: 'SHARED' },
    });
    expect(await newsOf()).toBe(true);
    claims.setNow(new Date(start + 1_000));
    expect((await call(claims, 'GET', `/api/claims/${client.claimNumber}`, { token: client.token })).status).toBe(200);
    expect(await newsOf()).toBe(false);
    claims.setNow(new Date(start + 2_000));
    const shown = await uploadForm(
      `${claims.url}/api/staff/claims/${client.claimNumber}/documents`,
      { files: [{ name: 'a.pdf', type: 'application/pdf', content: PDF_BYTES }], fields: { client_visible: 'true' } },
      { 'X-Staff-Key': claims.staffKey, 'X-Forwarded-For': freshIp() },
    );
    expect(shown.status).toBe(201);
    expect(await newsOf()).toBe(true);
    claims.setNow(null);
  });
});
