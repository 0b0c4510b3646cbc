import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

const SERVICE_KEY = 'hostile-text-service-key';
const NUL = '\u0000';
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

const TABLES = [
  'transport_household',
  'transport_payer',
  'transport_child',
  'transport_registration',
  'transport_invoice',
  'transport_route',
  'transport_route_stop',
  'transport_bus',
  'transport_school',
  'transport_audit_log',
  'transport_identity_user',
  'transport_identity_token',
];

/** Every row a refused request could have written, so a refusal is shown to have changed nothing. */
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

/** The request is refused as the caller's mistake, in the API's envelope, and nothing changes. */
const expectRefused = async (label: string, attempt: () => Promise<Answer>) => {
  const before = await snapshot();
  const answer = await attempt();
  expect(answer.status, label).toBe(400);
  expect(answer.body, label).toEqual({ detail: expect.stringContaining('NUL') });
  expect(await snapshot(), label).toBe(before);
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

const registration = (parentName: string) => ({
  parent: { name: parentName, email: 'nul@family.test' },
  children: [{ name: 'Kim', transport_need: 'both' }],
});

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY });
  tokens.operator = await signIn('op@demo.test', { role: 'operator', tenant_id: 'demo' });
  tokens.admin = await signIn('root@platform.test', { role: 'platform_admin' });
  const route = await call('/api/routes', { method: 'POST', bearer: tokens.operator, body: { name: 'North Loop', driver: 'Dee' } });
  expect(route.status).toBe(200);
});
afterAll(async () => app?.close());

describe('a NUL character in the path or query of the API', () => {
  it.each([
    ['theme slug', '/api/theme/%00'],
    ['theme slug under a tenant prefix', '/demo/api/theme/de%00mo'],
    ['public tenant hint', '/api/public/schools?tenant=%00'],
    ['public slug hint', '/api/public/schools?slug=demo%00'],
    ['tenant hint on any path', '/api/billing/rates?tenant=%00'],
    ['weather query', '/api/weather?lat=1%00'],
  ])('in the %s answers 400', async (label, path) => {
    await expectRefused(label, () => call(path));
  });

  it.each([
    ['registration search', '/api/registrations?search=%00'],
    ['registration status', '/api/registrations?status=pending%00'],
    ['route id', '/api/routes/north-loop%00'],
    ['bus id', '/api/buses/bus%00'],
    ['household id', '/api/billing/households/%00'],
    ['tenant of the logs', '/api/tenants/de%00mo/logs'],
  ])('in the %s of a tenant path answers 400', async (label, path) => {
    await expectRefused(label, () => call(path, { bearer: tokens.operator }));
  });

  it('in the tenant id of the ops audit log answers 400', async () => {
    await expectRefused('audit log', () => call('/api/ops/audit-log?tenant_id=%00', { bearer: tokens.admin }));
  });
});

describe('a NUL character in a JSON body of the API', () => {
  it.each([
    ['parent name', { ...registration(`Pat${NUL}`) }],
    ['child name', { ...registration('Pat'), children: [{ name: `K${NUL}im`, transport_need: 'both' }] }],
    ['emergency contact', { ...registration('Pat'), emergency_contacts: [{ name: 'Gran', phone: `555${NUL}` }] }],
    ['policy slug', { ...registration('Pat'), policy_acknowledged: [`safety${NUL}`] }],
    ['tenant', { ...registration('Pat'), tenant: `demo${NUL}` }],
    ['unknown key', { ...registration('Pat'), [`co${NUL}upon`]: 'FREE' }],
  ])('of the public registration (%s) answers 400 and registers nothing', async (label, body) => {
    await expectRefused(label, () => call('/api/registrations/full', { method: 'POST', body }));
  });

  it('of a sign-in answers 400, not a provider failure', async () => {
    await expectRefused('login email', () =>
      call('/api/auth/login', { method: 'POST', body: { email: `a${NUL}`, password: 'secret-pass' } }),
    );
    await expectRefused('login password', () =>
      call('/api/auth/login', { method: 'POST', body: { email: 'op@demo.test', password: `secret${NUL}` } }),
    );
  });

  it('of a sign-up answers 400 and creates no account', async () => {
    await expectRefused('register email', () =>
      call('/api/auth/register', { method: 'POST', body: { email: `new${NUL}@family.test`, password: 'secret-pass' } }),
    );
    await expectRefused('register name', () =>
      call('/api/auth/register', { method: 'POST', body: { email: 'new@family.test', password: 'secret-pass', display_name: `N${NUL}` } }),
    );
  });

  it('of route changes answers 400 and leaves the route as it was', async () => {
    await expectRefused('new route name', () =>
      call('/api/routes', { method: 'POST', bearer: tokens.operator, body: { name: `South${NUL}` } }),
    );
    await expectRefused('stop riders (jsonb)', () =>
      call('/api/routes', {
        method: 'POST',
        bearer: tokens.operator,
        body: { name: 'South', stops: [{ name: 'Oak', riders: [{ name: `Kim${NUL}` }] }] },
      }),
    );
    await expectRefused('driver', () =>
      call('/api/routes/north-loop', { method: 'PUT', bearer: tokens.operator, body: { driver: `D${NUL}` } }),
    );
    await expectRefused('bus location', () =>
      call('/api/buses/bus-1/location', { method: 'PUT', bearer: tokens.operator, body: { lat: 1, lng: 2, [`x${NUL}`]: 1 } }),
    );
  });

  it('of an audited action answers 400 and writes no audit row', async () => {
    const assumed = await call('/api/ops/assume-identity', { method: 'POST', bearer: tokens.admin, body: { tenant_id: 'demo' } });
    expect(assumed.status).toBe(200);
    const bearer = assumed.body.token as string;
    await expectRefused('action', () => call('/api/ops/log-action', { method: 'POST', bearer, body: { action: `x${NUL}` } }));
    await expectRefused('details key', () =>
      call('/api/ops/log-action', { method: 'POST', bearer, body: { action: 'x', details: { [`k${NUL}`]: 1 } } }),
    );
    await expectRefused('details value', () =>
      call('/api/ops/log-action', { method: 'POST', bearer, body: { action: 'x', details: { k: [`v${NUL}`] } } }),
    );
  });

  it('through tRPC answers 400 as well', async () => {
    for (const [label, attempt] of [
      ['trpc login', () => call('/trpc/identity.login', { method: 'POST', body: { email: `a${NUL}`, password: 'secret-pass' } })],
      ['trpc theme', () => call(`/trpc/tenants.getTheme?input=${encodeURIComponent(JSON.stringify({ slug: NUL }))}`)],
    ] as const) {
      const before = await snapshot();
      const answer = await attempt();
      expect(answer.status, label).toBe(400);
      expect(answer.body.error.message, label).toContain('NUL');
      expect(answer.body.error.data.appCode, label).toBe('validation_error');
      expect(await snapshot(), label).toBe(before);
    }
  });
});

describe('a NUL character sent to the built-in identity provider', () => {
  const expectProviderRefused = async (label: string, attempt: () => Promise<Answer>) => {
    const before = await snapshot();
    const answer = await attempt();
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toMatchObject({ code: 400, error_code: 'validation_failed', msg: expect.stringContaining('NUL') });
    expect(await snapshot(), label).toBe(before);
  };

  it('answers 400 on sign-up, sign-in and refresh', async () => {
    await expectProviderRefused('signup email', () =>
      call('/auth/v1/signup', { method: 'POST', body: { email: `a${NUL}@b.test`, password: 'secret-pass' } }),
    );
    await expectProviderRefused('signup data', () =>
      call('/auth/v1/signup', { method: 'POST', body: { email: 'a@b.test', password: 'secret-pass', data: { display_name: NUL } } }),
    );
    await expectProviderRefused('signup raw escape', () =>
      call('/auth/v1/signup', { method: 'POST', rawBody: '{"email":"a@b.test","password":"secret\\u0000"}' }),
    );
    await expectProviderRefused('password grant', () =>
      call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email: `a${NUL}`, password: 'x' } }),
    );
    await expectProviderRefused('refresh grant', () =>
      call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: NUL } }),
    );
  });

  it('answers 400 on user and admin updates', async () => {
    const session = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: 'op@demo.test', password: 'secret-pass' },
    });
    expect(session.status).toBe(200);
    await expectProviderRefused('own data', () =>
      call('/auth/v1/user', { method: 'PUT', bearer: session.body.access_token, body: { data: { display_name: `O${NUL}p` } } }),
    );
    await expectProviderRefused('own email', () =>
      call('/auth/v1/user', { method: 'PUT', bearer: session.body.access_token, body: { email: `x${NUL}@y.test` } }),
    );
    const userId = session.body.user.id as string;
    await expectProviderRefused('admin metadata', () =>
      call(`/auth/v1/admin/users/${userId}`, { method: 'PUT', bearer: SERVICE_KEY, body: { app_metadata: { [`r${NUL}`]: 1 } } }),
    );
    await expectProviderRefused('admin create', () =>
      call('/auth/v1/admin/users', { method: 'POST', bearer: SERVICE_KEY, body: { email: 'z@y.test', password: `p${NUL}ssword` } }),
    );
  });

  it('treats a NUL in an admin user path as naming no user', async () => {
    expect((await call('/auth/v1/admin/users/%00', { bearer: SERVICE_KEY })).status).toBe(404);
  });
});
