import { randomBytes } from 'node:crypto';
import type { TestClaims } from './claims-server.ts';

export type Answer = { status: number; body: any; headers: Headers };

/** One row of a claim's audit trail as the staff claim answer gives it. */
export type AuditEntry = {
  action: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  actor: string;
  reason: string | null;
  /** A correction's fields, each with its value before and after. */
  changes?: { field: string; old_value: string | number | null; new_value: string | number | null }[];
};

/** A caller address of its own per test, so rate limits of one test never touch another. */
export const freshIp = (): string => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

export const call = async (
  claims: TestClaims,
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string | Uint8Array;
    token?: string;
    staff?: boolean | string;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? freshIp(), ...options.headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  if (options.token) {
    headers.Authorization = `Bearer ${options.token}`;
  }
  if (options.staff) {
    headers['X-Staff-Key'] = options.staff === true ? claims.staffKey : options.staff;
  }
  const response = await fetch(`${claims.url}${path}`, {
    method,
    headers,
    body: (options.rawBody as BodyInit | undefined) ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Non-JSON answers (file downloads) stay text.
  }

  return { status: response.status, body, headers: response.headers };
};

let emailCounter = 0;

export const intakeBody = (overrides: { email?: string; amount?: number; company?: string; debtor?: string } = {}) => ({
  client: {
    company_name: overrides.company ?? 'Acme Supplies',
    contact_name: 'Ann Example',
    email: overrides.email ?? `client${Date.now()}-${emailCounter++}@example.test`,
    phone: '+1 555 0100',
  },
  debtor: { name: overrides.debtor ?? 'Slow Payer LLC', business_type: 'LLC', physical_address: '1 Main St, Springfield' },
  claim: {
    amount_cents: overrides.amount ?? 250_000,
    description: 'Unpaid invoice for shelving',
    client_reference: 'INV-77',
    invoice_date: '2026-01-15',
  },
  tos_accepted: true,
});

/** Submits a claim and signs its client in through the emailed link; returns the session token. */
export const submitAndSignIn = async (claims: TestClaims, email?: string) => {
  const body = intakeBody(email ? { email } : {});
  const intake = await call(claims, 'POST', '/api/intake', { body });
  if (intake.status !== 201) {
    throw new Error(`intake failed: ${JSON.stringify(intake.body)}`);
  }
  const token = await signIn(claims, body.client.email);
  // An anonymous intake is not told the client's number; the signed-in client is.
  const me = await call(claims, 'GET', '/api/auth/me', { token });

  return {
    claimNumber: intake.body.claim_number as string,
    clientNumber: me.body.client.client_number as string,
    email: body.client.email,
    token,
  };
};

export const signInToken = async (claims: TestClaims, email: string): Promise<string> => {
  const before = claims.smtp.messages.length;
  const request = await call(claims, 'POST', '/api/auth/request', { body: { email } });
  if (request.status !== 200) {
    throw new Error(`sign-in request failed: ${JSON.stringify(request.body)}`);
  }
  const mail = await claims.smtp.waitFor(
    (message) => message.to.includes(email) && message.subject === 'Your sign-in link' && claims.smtp.messages.indexOf(message) >= before,
  );
  const token = /\/portal\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) {
    throw new Error('no token in the sign-in mail');
  }

  return token;
};

export const signIn = async (claims: TestClaims, email: string): Promise<string> => {
  const token = await signInToken(claims, email);
  const verify = await call(claims, 'POST', '/api/auth/verify', { body: { token } });
  if (verify.status !== 200) {
    throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  }

  return verify.body.session_token as string;
};

/** Counts rows of every claims table, to prove a refused request changed nothing. */
export const snapshotCounts = async (claims: TestClaims) => {
  const rows = await claims.db.fork().execute<{ t: string; n: number }[]>(
    `select 'client' as t, count(*)::int as n from claims_client union all
     select 'debtor', count(*)::int from claims_debtor union all
     select 'claim', count(*)::int from claims_claim union all
     select 'document', count(*)::int from claims_document union all
     select 'note', count(*)::int from claims_note union all
     select 'audit', count(*)::int from claims_audit_entry union all
     select 'session', count(*)::int from claims_session union all
     select 'token', count(*)::int from claims_magic_link_token union all
     select 'staff_member', count(*)::int from claims_staff_member union all
     select 'sequence', coalesce(sum(counter), 0)::int from number_sequence`,
  );

  const counts: Record<string, number | string[]> = Object.fromEntries(rows.map((row) => [row.t, row.n]));
  counts.files = claims.uploadedFiles();

  return counts;
};

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
let tagCounter = 0;
/** A tag unique within the run, in letters: a long run of digits in a name reads as a card number and is refused. */
export const letterTag = (): string => {
  let n = Date.now() * 100 + tagCounter++;
  let text = '';
  while (n > 0) {
    text += LETTERS[n % 26];
    n = Math.floor(n / 26);
  }

  return text;
};
