import { randomBytes } from 'node:crypto';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/** A transport service with a fake identity provider, the demo tenant and a second tenant `acme`. */
export type BillingWorld = {
  transport: TestTransport;
  identity: FakeIdentity;
  tokens: { demo: string; acme: string; parent: string; admin: string };
  close(): Promise<void>;
};

export const startBillingWorld = async (overrides: Record<string, string> = {}): Promise<BillingWorld> => {
  const identity = await startFakeIdentity();
  // Tests speak for many callers through X-Forwarded-For (see `call`).
  const transport = await startTestTransport({ IDENTITY_URL: identity.url, TRUST_PROXY: 'true', ...overrides });
  await transport.db.fork().execute("insert into transport_tenant (id, name, tier) values ('acme', 'Acme Buses', 'starter')");

  return {
    transport,
    identity,
    tokens: {
      demo: identity.addUser({ email: 'ops@demo.test', appRole: 'operator', appTenant: 'demo' }),
      acme: identity.addUser({ email: 'ops@acme.test', appRole: 'operator', appTenant: 'acme' }),
      parent: identity.addUser({ email: 'parent@demo.test', role: 'parent', tenant_id: 'demo' }),
      admin: identity.addUser({ email: 'root@platform.test', appRole: 'platform_admin' }),
    },
    close: async () => {
      await transport.close();
      await identity.close();
    },
  };
};

export type Answer = { status: number; body: any };

/** A caller address of its own per request, so the per-address limits of public paths never trip a test. */
const freshAddress = (): string => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

export const call = async (
  world: BillingWorld,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = { 'X-Forwarded-For': freshAddress(), ...options.headers };
  if (options.token) {
    headers.Authorization = `Bearer ${options.token}`;
  }
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${world.transport.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null };
};

let sequence = 0;

/** A valid signup; every call gets distinct names so searches can find one household. */
export const registrationBody = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;

  return {
    parent: {
      name: `Pat Parent ${sequence}`,
      email: `pat${sequence}@family.test`,
      phone: '555-0100',
      relationship: 'mother',
      address: '1 Main St',
    },
    children: [
      { name: `Kim Kid ${sequence}`, transport_need: 'both', school: 'Oak Elementary', school_id: 'oak', grade: '3', route: 'north-loop' },
      { name: `Lee Kid ${sequence}`, transport_need: 'morning', school: 'Pine Middle', school_id: 'pine', grade: '7', route: 'south-loop' },
    ],
    emergency_contacts: [{ name: 'Gran', phone: '555-0199', relationship: 'grandmother' }],
    first_pickup_date: '2026-12-01',
    policy_acknowledged: ['safety', 'payment-terms'],
    ...overrides,
  };
};

export const register = async (world: BillingWorld, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const answer = await call(world, 'POST', '/api/registrations/full', { body: registrationBody(overrides), headers });
  if (answer.status !== 201) {
    throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  return answer.body as { household_id: string; registration_fee_invoice_id: string; weekly_total: number };
};

const TABLES = [
  'transport_household',
  'transport_payer',
  'transport_child',
  'transport_billing_allocation',
  'transport_registration',
  'transport_invoice',
];

/** Row counts and a digest of mutable columns, to prove that a refused request changed nothing. */
export const snapshot = async (world: BillingWorld): Promise<string> => {
  const em = world.transport.db.fork();
  const parts: string[] = [];
  for (const table of TABLES) {
    const rows = await em.execute<{ n: number }[]>(`select count(*)::int as n from ${table}`);
    parts.push(`${table}=${rows[0]?.n}`);
  }
  const states = await em.execute<{ s: string | null }[]>(
    `select (select string_agg(id || ':' || status, ',' order by id) from transport_registration)
      || '|' || coalesce((select string_agg(id || ':' || status || ':' || amount_cents, ',' order by id) from transport_invoice), '')
      || '|' || coalesce((select string_agg(id || ':' || coalesce(first_pickup_date::text, '-'), ',' order by id) from transport_household), '') as s`,
  );

  return `${parts.join(' ')} ${states[0]?.s ?? ''}`;
};

export type ProviderRequest = { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string };

/** A stand-in for Square or Stripe on loopback: records each request and answers with `reply`. */
export const startFakeProvider = async (reply: (request: ProviderRequest) => { status: number; body: unknown }) => {
  const { createServer } = await import('node:http');
  const requests: ProviderRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const answer = reply(request);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A registration the tenant's operator (token) approved: only approved households are billed. */
export const registerApproved = async (world: BillingWorld, operatorToken: string, overrides: Record<string, unknown> = {}) => {
  const created = await register(world, overrides);
  const approved = await call(world, 'PUT', `/api/registrations/${created.household_id}/approve`, { token: operatorToken });
  if (approved.status !== 200) {
    throw new Error(`approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  }

  return created;
};

/** The pay-page token of an invoice, read from the link its mails carry (`…/pay/<token>`). */
export const payTokenOf = async (world: BillingWorld, invoiceId: string): Promise<string> => {
  const rows = await world.transport.db
    .fork()
    .execute<{ payment_url: string | null }[]>('select payment_url from transport_invoice where id = ?', [invoiceId]);
  const token = rows[0]?.payment_url?.match(/\/pay\/([A-Za-z0-9_-]+)$/)?.[1];
  if (!token) {
    throw new Error(`invoice ${invoiceId} has no pay link: ${JSON.stringify(rows)}`);
  }

  return token;
};

/** "Pay" on the invoice's pay page: the checkout answer. */
export const payNow = async (world: BillingWorld, invoiceId: string): Promise<Answer> =>
  call(world, 'POST', `/api/payments/pay/${await payTokenOf(world, invoiceId)}/checkout`, { body: {} });
