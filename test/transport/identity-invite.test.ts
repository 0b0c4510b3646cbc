import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIdentity, type FakeIdentity } from '../support/fake-identity.ts';
import { startTestTransport, type TestTransport } from '../support/transport-server.ts';

/** Tenant creation and operator invitations, through the built-in provider and through an outside one. */

const SERVICE_KEY = 'invite-service-key';
const PUBLIC_URL = 'https://buses.example.test';
let app: TestTransport;
const tokens: Record<string, string> = {};

type Answer = { status: number; body: any };

const callAt = async (base: string, path: string, init: { method?: string; bearer?: string; body?: unknown } = {}): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : null };
};
const call = (path: string, init: Parameters<typeof callAt>[2] = {}) => callAt(app.url, path, init);

const userWith = async (email: string, appMetadata: Record<string, unknown>) => {
  const created = await call('/auth/v1/admin/users', {
    method: 'POST',
    bearer: SERVICE_KEY,
    body: { email, password: 'secret-pass', app_metadata: appMetadata },
  });
  expect(created.status).toBe(200);
  const login = await call('/api/auth/login', { method: 'POST', body: { email, password: 'secret-pass' } });
  expect(login.status).toBe(200);

  return login.body.access_token as string;
};

const inviteLink = async (email: string): Promise<{ token: string; text: string; subject: string }> => {
  const mail = await app.smtp.waitFor((candidate) => candidate.to.includes(email));
  const link = /(https:\/\/\S+\/accept-invite#\S+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  const params = new URLSearchParams(new URL(link as string).hash.slice(1));
  expect(params.get('type')).toBe('invite');

  return { token: params.get('token_hash') as string, text: mail.text, subject: mail.subject };
};

const auditRows = async (tenantId: string, action: string) =>
  app.db
    .fork()
    .execute<{ actor: string; details: Record<string, unknown>; admin_actor: boolean }[]>(
      'select actor, details, admin_actor from transport_audit_log where tenant_id = ? and action = ? order by created_at',
      [tenantId, action],
    );

beforeAll(async () => {
  app = await startTestTransport({ IDENTITY_SERVICE_KEY: SERVICE_KEY, TRANSPORT_PUBLIC_URL: PUBLIC_URL });
  tokens.admin = await userWith('admin@platform.test', { role: 'platform_admin' });
  tokens.demoOperator = await userWith('op@demo.test', { role: 'operator', tenant_id: 'demo' });
  tokens.parent = (
    await call('/api/auth/register', { method: 'POST', body: { email: 'parent@demo.test', password: 'secret-pass', tenant: 'demo' } })
  ).body.access_token;
});
afterAll(async () => app?.close());

describe('POST /api/tenants', () => {
  it('creates a tenant for a platform administrator and records it in the tenant log', async () => {
    const created = await call('/api/tenants', {
      method: 'POST',
      bearer: tokens.admin,
      body: { slug: 'North-Buses', name: 'North Buses', tier: 'standard' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'north-buses', name: 'North Buses', tier: 'standard', domain: null });
    const listed = await call('/api/tenants', { bearer: tokens.admin });
    expect(listed.body.map((tenant: { id: string }) => tenant.id)).toContain('north-buses');
    expect(await auditRows('north-buses', 'tenant.create')).toEqual([
      { actor: 'admin@platform.test', details: { name: 'North Buses', tier: 'standard' }, admin_actor: true },
    ]);
  });

  it('answers 409 for a slug or domain already taken', async () => {
    await call('/api/tenants', { method: 'POST', bearer: tokens.admin, body: { slug: 'west', name: 'West', domain: 'west.example.com' } });
    expect((await call('/api/tenants', { method: 'POST', bearer: tokens.admin, body: { slug: 'west', name: 'West again' } })).status).toBe(
      409,
    );
    expect(
      (
        await call('/api/tenants', {
          method: 'POST',
          bearer: tokens.admin,
          body: { slug: 'west-2', name: 'West 2', domain: 'west.example.com' },
        })
      ).status,
    ).toBe(409);
  });

  it('answers 400 for bad input and 403 to anyone but a platform administrator', async () => {
    expect((await call('/api/tenants', { method: 'POST', bearer: tokens.admin, body: { slug: 'bad slug!', name: 'x' } })).status).toBe(400);
    expect((await call('/api/tenants', { method: 'POST', bearer: tokens.admin, body: { slug: 'no-name' } })).status).toBe(400);
    expect(
      (await call('/api/tenants', { method: 'POST', bearer: tokens.admin, body: { slug: 'tiered', name: 'T', tier: 'gold' } })).status,
    ).toBe(400);
    expect((await call('/api/tenants', { method: 'POST', bearer: tokens.demoOperator, body: { slug: 'mine', name: 'Mine' } })).status).toBe(
      403,
    );
    expect((await call('/api/tenants', { method: 'POST', bearer: tokens.parent, body: { slug: 'mine', name: 'Mine' } })).status).toBe(403);
    expect((await call('/api/tenants', { method: 'POST', body: { slug: 'mine', name: 'Mine' } })).status).toBe(401);
  });
});

describe('POST /api/tenants/{tenant}/invites', () => {
  it('lets a platform administrator invite an operator who sets a password and lands in the tenant as operator', async () => {
    await call('/api/tenants', { method: 'POST', bearer: tokens.admin, body: { slug: 'acme', name: 'Acme Buses' } });
    const invited = await call('/api/tenants/acme/invites', {
      method: 'POST',
      bearer: tokens.admin,
      body: { email: 'New.Op@Acme.test', display_name: 'Nora Op' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      tenant_id: 'acme',
      email: 'new.op@acme.test',
      display_name: 'Nora Op',
      invited_by: 'admin@platform.test',
      status: 'pending',
      accepted_at: null,
    });

    const mail = await inviteLink('new.op@acme.test');
    expect(mail.subject).toBe('You are invited to the school transport operator console');
    expect(mail.text).toContain('run school transport for Acme Buses');
    expect(mail.text).toContain(`${PUBLIC_URL}/accept-invite#token_hash=`);

    // Before setting a password the account cannot sign in.
    expect((await call('/api/auth/login', { method: 'POST', body: { email: 'new.op@acme.test', password: 'secret-pass' } })).status).toBe(
      401,
    );
    const staffBefore = await call('/api/tenants/acme/staff', { bearer: tokens.admin });
    expect(staffBefore.body.invites).toEqual([expect.objectContaining({ email: 'new.op@acme.test', status: 'pending' })]);

    const set = await call('/api/auth/password', {
      method: 'POST',
      body: { type: 'invite', token_hash: mail.token, password: 'nora-chose-this' },
    });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ email: 'new.op@acme.test', role: 'operator', tenant_id: 'acme', name: 'Nora Op' });
    expect((await call('/api/routes', { bearer: set.body.access_token })).status).toBe(200);
    const login = await call('/api/auth/login', { method: 'POST', body: { email: 'new.op@acme.test', password: 'nora-chose-this' } });
    expect(login.body.user).toMatchObject({ role: 'operator', tenant_id: 'acme' });

    // Role and tenant are granted, not user-writable: user metadata holds neither.
    const account = await call('/auth/v1/user', { bearer: set.body.access_token });
    expect(account.body.app_metadata).toMatchObject({ role: 'operator', tenant_id: 'acme' });
    expect(account.body.user_metadata.role).toBeUndefined();
    expect(account.body.user_metadata.tenant_id).toBeUndefined();

    const staffAfter = await call('/api/tenants/acme/staff', { bearer: set.body.access_token });
    expect(staffAfter.body.invites).toEqual([
      expect.objectContaining({ email: 'new.op@acme.test', status: 'active', accepted_at: expect.any(String) }),
    ]);
    expect(await auditRows('acme', 'staff.invite')).toEqual([
      {
        actor: 'admin@platform.test',
        details: { email: 'new.op@acme.test', role: 'operator', display_name: 'Nora Op' },
        admin_actor: true,
      },
    ]);
    expect(await auditRows('acme', 'staff.invite_accepted')).toEqual([
      { actor: 'new.op@acme.test', details: { email: 'new.op@acme.test' }, admin_actor: false },
    ]);

    // The invitation link works once.
    expect(
      (await call('/api/auth/password', { method: 'POST', body: { type: 'invite', token_hash: mail.token, password: 'someone-else-1' } }))
        .status,
    ).toBe(401);
  });

  it('refuses a display name with a line break or control character with 400 naming the field, and invites nobody', async () => {
    for (const displayName of ['Nora\nBcc: someone@example.test', 'Nora\r\nOp', 'Nora\tOp', 'Nora\u2028Op']) {
      const before = await call('/api/tenants/demo/staff', { bearer: tokens.admin });
      const invited = await call('/api/tenants/demo/invites', {
        method: 'POST',
        bearer: tokens.admin,
        body: { email: 'lines@demo.test', display_name: displayName },
      });
      expect(invited.status, JSON.stringify(displayName)).toBe(400);
      expect(invited.body.detail).toContain('display_name');
      expect(invited.body.detail).toContain('single line');
      expect((await call('/api/tenants/demo/staff', { bearer: tokens.admin })).body).toEqual(before.body);
    }
    const users = await app.db.fork().execute("select count(*)::int as n from transport_identity_user where email = 'lines@demo.test'");
    expect(users[0]?.n).toBe(0);
  });

  it('refuses a self-registered display name with a line break with 400 naming the field, and creates no account', async () => {
    const answer = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'lines.parent@demo.test', password: 'secret-pass', tenant: 'demo', display_name: 'Pat\nParent' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('display_name');
    const users = await app.db
      .fork()
      .execute("select count(*)::int as n from transport_identity_user where email = 'lines.parent@demo.test'");
    expect(users[0]?.n).toBe(0);
  });

  it("lets an operator invite staff into their own tenant, and nobody else's", async () => {
    const invited = await call('/api/tenants/demo/invites', {
      method: 'POST',
      bearer: tokens.demoOperator,
      body: { email: 'colleague@demo.test' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ invited_by: 'op@demo.test', display_name: null });
    expect(await auditRows('demo', 'staff.invite')).toEqual([expect.objectContaining({ actor: 'op@demo.test', admin_actor: false })]);

    const intoOther = await call('/api/tenants/acme/invites', {
      method: 'POST',
      bearer: tokens.demoOperator,
      body: { email: 'sneaky@acme.test' },
    });
    expect(intoOther.status).toBe(403);
    // A tenant that does not exist answers the same to an operator: nothing learnt about tenants.
    expect(
      (await call('/api/tenants/nowhere/invites', { method: 'POST', bearer: tokens.demoOperator, body: { email: 'x@nowhere.test' } }))
        .status,
    ).toBe(403);
    expect((await call('/api/tenants/acme/staff', { bearer: tokens.demoOperator })).status).toBe(403);
    // The refused invitation created no account: the address is still free.
    expect(
      (
        await call('/auth/v1/admin/users', {
          method: 'POST',
          bearer: SERVICE_KEY,
          body: { email: 'sneaky@acme.test', password: 'probe-pass' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses families, strangers, unknown tenants and bad input', async () => {
    expect(
      (await call('/api/tenants/demo/invites', { method: 'POST', bearer: tokens.parent, body: { email: 'kid@demo.test' } })).status,
    ).toBe(403);
    expect((await call('/api/tenants/demo/staff', { bearer: tokens.parent })).status).toBe(403);
    expect((await call('/api/tenants/demo/invites', { method: 'POST', body: { email: 'kid@demo.test' } })).status).toBe(401);
    expect(
      (await call('/api/tenants/nowhere/invites', { method: 'POST', bearer: tokens.admin, body: { email: 'x@nowhere.test' } })).status,
    ).toBe(404);
    expect(
      (await call('/api/tenants/demo/invites', { method: 'POST', bearer: tokens.admin, body: { email: 'not-an-email' } })).status,
    ).toBe(400);
    expect((await call('/api/tenants/demo/invites', { method: 'POST', bearer: tokens.admin, body: {} })).status).toBe(400);
    expect(
      (
        await call('/api/tenants/demo/invites', {
          method: 'POST',
          bearer: tokens.admin,
          body: { email: 'a@demo.test', role: 'platform_admin' },
        })
      ).status,
    ).toBe(400);
  });

  it('answers 409 for an email that already has an account or is already invited, and mails nothing more', async () => {
    const existing = await call('/api/tenants/demo/invites', { method: 'POST', bearer: tokens.admin, body: { email: 'parent@demo.test' } });
    expect(existing.status).toBe(409);
    expect(existing.body.detail).toMatch(/already exists/);
    // The family account is untouched: still a parent.
    const parentLogin = await call('/api/auth/login', { method: 'POST', body: { email: 'parent@demo.test', password: 'secret-pass' } });
    expect(parentLogin.body.user.role).toBe('parent');

    await call('/api/tenants/demo/invites', { method: 'POST', bearer: tokens.admin, body: { email: 'twice@demo.test' } });
    await app.smtp.waitFor((mail) => mail.to.includes('twice@demo.test'));
    const again = await call('/api/tenants/demo/invites', { method: 'POST', bearer: tokens.admin, body: { email: 'twice@demo.test' } });
    expect(again.status).toBe(409);
    expect(app.smtp.messages.filter((mail) => mail.to.includes('parent@demo.test'))).toHaveLength(0);
  });

  it('lets an invitee whose invitation lapsed join through a password reset of the invited address', async () => {
    await call('/api/tenants/demo/invites', { method: 'POST', bearer: tokens.admin, body: { email: 'slow@demo.test' } });
    const invitation = await inviteLink('slow@demo.test');
    app.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    try {
      expect(
        (
          await call('/api/auth/password', {
            method: 'POST',
            body: { type: 'invite', token_hash: invitation.token, password: 'slow-but-sure' },
          })
        ).status,
      ).toBe(401);
      expect((await call('/api/auth/recover', { method: 'POST', body: { email: 'slow@demo.test' } })).status).toBe(200);
      const reset = await app.smtp.waitFor((mail) => mail.to.includes('slow@demo.test') && mail.text.includes('/reset-password#'));
      const token = new URLSearchParams(new URL(/(https:\/\/\S+)/.exec(reset.text)?.[1] ?? '').hash.slice(1)).get('token_hash');
      const set = await call('/api/auth/password', {
        method: 'POST',
        body: { type: 'recovery', token_hash: token, password: 'slow-but-sure' },
      });
      expect(set.body.user).toMatchObject({ role: 'operator', tenant_id: 'demo' });
    } finally {
      app.setNow(null);
    }
    const staff = await call('/api/tenants/demo/staff', { bearer: tokens.demoOperator });
    expect(staff.body.invites).toContainEqual(expect.objectContaining({ email: 'slow@demo.test', status: 'active' }));
  });

  it("keeps the built-in provider's /auth/v1/invite to the service key", async () => {
    expect((await call('/auth/v1/invite', { method: 'POST', body: { email: 'self@demo.test' } })).status).toBe(403);
    expect((await call('/auth/v1/invite', { method: 'POST', bearer: tokens.admin, body: { email: 'self@demo.test' } })).status).toBe(403);
    const byKey = await call('/auth/v1/invite', {
      method: 'POST',
      bearer: SERVICE_KEY,
      body: { email: 'keyed@demo.test', data: { display_name: 'Keyed' } },
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toMatchObject({ email: 'keyed@demo.test', user_metadata: { display_name: 'Keyed' } });
    expect((await call('/auth/v1/invite', { method: 'POST', bearer: SERVICE_KEY, body: { email: 'keyed@demo.test' } })).body).toMatchObject(
      { error_code: 'email_exists' },
    );
  });
});

describe('with an outside GoTrue provider', () => {
  let identity: FakeIdentity;
  let outside: TestTransport;
  let adminToken: string;

  beforeAll(async () => {
    identity = await startFakeIdentity();
    outside = await startTestTransport({
      IDENTITY_URL: identity.url,
      IDENTITY_SERVICE_KEY: 'outside-key',
      TRANSPORT_PUBLIC_URL: PUBLIC_URL,
    });
    adminToken = identity.addUser({ email: 'root@platform.test', appRole: 'platform_admin' });
    identity.addAccount({ email: 'forgetful@demo.test', password: 'old-pass-1', app_metadata: { role: 'operator', tenant_id: 'demo' } });
  });
  afterAll(async () => {
    await outside?.close();
    await identity?.close();
  });

  it('asks the provider to mail the reset link, returning to the web app, and sets the password with the link', async () => {
    const known = await callAt(outside.url, '/api/auth/recover', { method: 'POST', body: { email: 'forgetful@demo.test' } });
    const unknown = await callAt(outside.url, '/api/auth/recover', { method: 'POST', body: { email: 'stranger@demo.test' } });
    expect(known).toEqual(unknown);
    const sent = identity.calls.filter((candidate) => candidate.path === '/auth/v1/recover');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.query).toBe(`?redirect_to=${encodeURIComponent(`${PUBLIC_URL}/reset-password`)}`);
    const link = identity.mailedLinks.find((candidate) => candidate.email === 'forgetful@demo.test');
    expect(link?.type).toBe('recovery');

    const set = await callAt(outside.url, '/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', token_hash: link?.token_hash, password: 'new-pass-2' },
    });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ role: 'operator', tenant_id: 'demo' });
    expect(identity.account('forgetful@demo.test')?.password).toBe('new-pass-2');
    // The session GoTrue puts in its default link's fragment works the same way.
    const viaSession = await callAt(outside.url, '/api/auth/password', {
      method: 'POST',
      body: { type: 'recovery', access_token: set.body.access_token, password: 'third-pass-3' },
    });
    expect(viaSession.status).toBe(200);
    expect(identity.account('forgetful@demo.test')?.password).toBe('third-pass-3');
  });

  it('invites through GoTrue /invite with the service key and grants role and tenant in app metadata', async () => {
    const invited = await callAt(outside.url, '/api/tenants/demo/invites', {
      method: 'POST',
      bearer: adminToken,
      body: { email: 'far@demo.test', display_name: 'Far Op' },
    });
    expect(invited.status).toBe(201);
    const inviteCall = identity.calls.find((candidate) => candidate.path === '/auth/v1/invite');
    expect(inviteCall).toMatchObject({
      authorization: 'Bearer outside-key',
      query: `?redirect_to=${encodeURIComponent(`${PUBLIC_URL}/accept-invite`)}`,
    });
    expect(inviteCall?.body).toEqual({ email: 'far@demo.test', data: { display_name: 'Far Op', tenant_name: 'Demo School Transport' } });
    expect(identity.account('far@demo.test')?.app_metadata).toMatchObject({ role: 'operator', tenant_id: 'demo' });
    expect(identity.account('far@demo.test')?.user_metadata.tenant_id).toBeUndefined();

    const link = identity.mailedLinks.find((candidate) => candidate.email === 'far@demo.test');
    const set = await callAt(outside.url, '/api/auth/password', {
      method: 'POST',
      body: { type: 'invite', token_hash: link?.token_hash, password: 'far-pass-1' },
    });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ email: 'far@demo.test', role: 'operator', tenant_id: 'demo' });
    const staff = await callAt(outside.url, '/api/tenants/demo/staff', { bearer: adminToken });
    expect(staff.body.invites).toEqual([expect.objectContaining({ email: 'far@demo.test', status: 'active' })]);

    expect(
      (
        await callAt(outside.url, '/api/tenants/demo/invites', {
          method: 'POST',
          bearer: adminToken,
          body: { email: 'forgetful@demo.test' },
        })
      ).status,
    ).toBe(409);
  });
});
