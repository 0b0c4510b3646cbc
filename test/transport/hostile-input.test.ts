import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/**
 * Input PostgreSQL cannot store, or that would make the service recurse without bound, is the
 * caller's mistake: a 400 naming the field, never a 500, and nothing written.
 */
const SERVICE_KEY = 'hostile-input-service-key';
let app: TestTransport;
const tokens: Record<string, string> = {};

type Answer = { status: number; body: any };

const call = async (path: string, init: { method?: string; bearer?: string; body?: unknown; rawBody?: string } = {}): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined || init.rawBody !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null };
};

/** `{"a":{"a":...1...}}` nested `levels` deep, as JSON text (JSON.stringify itself could not build it). */
const deepJson = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

const TABLES = [
  'transport_household',
  'transport_registration',
  'transport_audit_log',
  'transport_identity_user',
  'transport_identity_token',
];

const snapshot = async (): Promise<string> => {
  const em = app.db.fork();
  const parts: string[] = [];
  for (const table of TABLES) {
    const rows = await em.execute<{ digest: string | null }[]>(
      `select md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
    );
    parts.push(`${table}=${rows[0]?.digest ?? '-'}`);
  }

  return parts.join(' ');
};

const signIn = async (email: string, appMetadata: Record<string, unknown>) => {
  expect(
    (
      await call('/auth/v1/admin/users', {
        method: 'POST',
        bearer: SERVICE_KEY,
        body: { email, password: 'secret-pass', app_metadata: appMetadata },
      })
    ).status,
  ).toBe(200);
  const login = await call('/api/auth/login', { method: 'POST', body: { email, password: 'secret-pass' } });
  expect(login.status).toBe(200);

  return login.body.access_token as string;
};

const registration = (overrides: Record<string, unknown> = {}) => ({
  parent: { name: 'Pat Parent', email: 'pat@family.test' },
  children: [{ name: 'Kim', transport_need: 'both' }],
  ...overrides,
});

/** Refused as the caller's mistake in the transport envelope, naming `field`, and nothing changes. */
const expectRefused = async (label: string, field: string, attempt: () => Promise<Answer>) => {
  const before = await snapshot();
  const answer = await attempt();
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(400);
  expect(answer.body, label).toEqual({ detail: expect.stringContaining(field) });
  expect(await snapshot(), label).toBe(before);
};

/** Refused by the built-in provider in GoTrue's shape, naming `field`, and nothing changes. */
const expectProviderRefused = async (label: string, field: string, attempt: () => Promise<Answer>) => {
  const before = await snapshot();
  const answer = await attempt();
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(400);
  expect(answer.body, label).toMatchObject({ code: 400, error_code: 'validation_failed', msg: expect.stringContaining(field) });
  expect(await snapshot(), label).toBe(before);
};

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
  tokens.operator = await signIn('op@demo.test', { role: 'operator', tenant_id: 'demo' });
  tokens.admin = await signIn('root@platform.test', { role: 'platform_admin' });
});
afterAll(async () => app?.close());

describe('a date PostgreSQL cannot store', () => {
  it.each(['0000-01-01', '0000-12-31'])('%s as first_pickup_date of the public registration answers 400 naming the field', async (date) => {
    await expectRefused(date, 'first_pickup_date', () =>
      call('/api/registrations/full', { method: 'POST', body: registration({ first_pickup_date: date }) }),
    );
  });

  it('0000-01-01 as a first pickup date set by staff answers 400 naming the field', async () => {
    const created = await call('/api/registrations/full', { method: 'POST', body: registration({ first_pickup_date: '2027-01-04' }) });
    expect(created.status).toBe(201);
    const path = `/api/billing/households/${created.body.household_id}/first-pickup`;
    await expectRefused('first pickup', 'first_pickup_date', () =>
      call(path, { method: 'POST', bearer: tokens.operator, body: { first_pickup_date: '0000-01-01' } }),
    );
  });

  it('the first and last four-digit years PostgreSQL stores are taken', async () => {
    for (const date of ['0001-01-01', '9999-12-31']) {
      const created = await call('/api/registrations/full', { method: 'POST', body: registration({ first_pickup_date: date }) });
      expect(created.status, date).toBe(201);
      expect(created.body.first_pickup_date, date).toBe(date);
    }
  });
});

describe('identity metadata nested 5,000 levels', () => {
  it('at POST /auth/v1/signup answers 400 naming data, and creates no account', async () => {
    const rawBody = `{"email":"deep@family.test","password":"secret-pass","data":${deepJson(5000)}}`;
    await expectProviderRefused('signup', 'data', () => call('/auth/v1/signup', { method: 'POST', rawBody }));
  });

  it('at PUT /auth/v1/user answers 400 naming data, and leaves the user as they were', async () => {
    const session = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: 'op@demo.test', password: 'secret-pass' },
    });
    expect(session.status).toBe(200);
    const rawBody = `{"data":${deepJson(5000)}}`;
    await expectProviderRefused('own data', 'data', () =>
      call('/auth/v1/user', { method: 'PUT', bearer: session.body.access_token, rawBody }),
    );
  });

  it('through /api/auth/register answers 400 as well', async () => {
    // The service's own sign-up path takes no metadata object, so the deep value is refused by its schema or the guard, never a 500.
    const rawBody = `{"email":"deep2@family.test","password":"secret-pass","display_name":${deepJson(5000)}}`;
    const answer = await call('/api/auth/register', { method: 'POST', rawBody });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('display_name');
  });

  it('a few levels of metadata are still kept', async () => {
    const answer = await call('/auth/v1/signup', {
      method: 'POST',
      body: { email: 'shallow@family.test', password: 'secret-pass', data: { prefs: { bus: { seat: [1, 2] } } } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.user_metadata.prefs).toEqual({ bus: { seat: [1, 2] } });
  });
});

describe('deeply nested details of an audited action', () => {
  let bearer = '';
  beforeAll(async () => {
    const assumed = await call('/api/ops/assume-identity', { method: 'POST', bearer: tokens.admin, body: { tenant_id: 'demo' } });
    expect(assumed.status).toBe(200);
    bearer = assumed.body.token as string;
  });

  it('at POST /api/ops/log-action answers 400 naming details, and writes no audit row', async () => {
    const rawBody = `{"action":"looked","details":${deepJson(5000)}}`;
    await expectRefused('log-action', 'details', () => call('/api/ops/log-action', { method: 'POST', bearer, rawBody }));
  });

  it('through tRPC answers 400 naming details as well', async () => {
    const before = await snapshot();
    const answer = await call('/trpc/tenants.logAction', {
      method: 'POST',
      bearer,
      rawBody: `{"action":"looked","details":${deepJson(5000)}}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('details');
    expect(answer.body.error.data.appCode).toBe('validation_error');
    expect(await snapshot()).toBe(before);
  });

  it('details a few levels deep are still recorded', async () => {
    const answer = await call('/api/ops/log-action', {
      method: 'POST',
      bearer,
      body: { action: 'looked', details: { at: { page: { n: 2 } } } },
    });
    expect(answer.status).toBe(200);
  });
});

describe('an unpaired surrogate escape in JSON', () => {
  it('in identity metadata answers 400 naming the field', async () => {
    const rawBody = '{"email":"lone@family.test","password":"secret-pass","data":{"display_name":"a\\ud800b"}}';
    await expectProviderRefused('signup', 'data.display_name', () => call('/auth/v1/signup', { method: 'POST', rawBody }));
  });

  it('in audited details answers 400 naming the field', async () => {
    const assumed = await call('/api/ops/assume-identity', { method: 'POST', bearer: tokens.admin, body: { tenant_id: 'demo' } });
    const rawBody = '{"action":"looked","details":{"note":"\\udc00"}}';
    await expectRefused('log-action', 'details.note', () =>
      call('/api/ops/log-action', { method: 'POST', bearer: assumed.body.token, rawBody }),
    );
  });
});
