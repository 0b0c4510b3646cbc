import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeIdentityUser = {
  id: string;
  email: string;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  created_at?: string;
};

/** An account that can sign up and sign in, kept as GoTrue keeps it. */
export type FakeIdentityAccount = FakeIdentityUser & { password: string; confirmed: boolean; created_at: string };

const readJson = async (req: IncomingMessage): Promise<Record<string, any>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');

  return text ? (JSON.parse(text) as Record<string, any>) : {};
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.end(JSON.stringify(body));
};

/**
 * A GoTrue-compatible identity server on loopback that knows only the users a test gives it:
 * `GET /auth/v1/user` answers the user of a bearer token, every other token gets 401. It also
 * behaves like GoTrue with email confirmation on for `signup` (a new email gets an unconfirmed
 * account and no session; an email whose account is still unconfirmed gets that account back, as
 * GoTrue answers), for the password grant (unconfirmed accounts are refused) and for admin updates
 * of a user's metadata. `failWith(status)` makes it answer every call with that status.
 */
export const startFakeIdentity = async () => {
  const byToken = new Map<string, FakeIdentityUser>();
  const accounts = new Map<string, FakeIdentityAccount>();
  const calls: { method: string; path: string; apikey: string | undefined; body?: Record<string, any> }[] = [];
  let failure: number | null = null;

  const present = (account: FakeIdentityAccount): FakeIdentityUser => ({
    id: account.id,
    email: account.email,
    user_metadata: account.user_metadata,
    app_metadata: account.app_metadata,
    created_at: account.created_at,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const call: (typeof calls)[number] = { method: req.method ?? 'GET', path: url.pathname, apikey: req.headers.apikey as string | undefined };
    calls.push(call);
    res.setHeader('Content-Type', 'application/json');
    if (failure !== null) {
      req.resume();
      send(res, failure, { code: failure, msg: 'the fake provider is failing on purpose' });

      return;
    }
    if (req.method === 'GET' && url.pathname === '/auth/v1/user') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const user = token ? byToken.get(token) : undefined;
      send(res, user ? 200 : 401, user ?? { msg: 'invalid JWT' });

      return;
    }
    if (req.method === 'POST' && url.pathname === '/auth/v1/signup') {
      const body = (call.body = await readJson(req));
      const email = String(body.email).toLowerCase();
      const existing = accounts.get(email);
      if (existing?.confirmed) {
        send(res, 422, { code: 422, error_code: 'user_already_exists', msg: 'User already registered' });

        return;
      }
      // GoTrue answers a repeated sign-up of an unconfirmed email with that very account.
      const account = existing ?? {
        id: randomUUID(),
        email,
        password: String(body.password),
        confirmed: false,
        created_at: new Date().toISOString(),
        user_metadata: { ...(body.data ?? {}) },
        app_metadata: { provider: 'email', providers: ['email'] },
      };
      accounts.set(email, account);
      send(res, 200, present(account));

      return;
    }
    if (req.method === 'POST' && url.pathname === '/auth/v1/token') {
      const body = (call.body = await readJson(req));
      const account = accounts.get(String(body.email).toLowerCase());
      if (!account || account.password !== body.password) {
        send(res, 400, { error: 'invalid_grant', error_description: 'Invalid login credentials' });

        return;
      }
      if (!account.confirmed) {
        send(res, 400, { code: 400, error_code: 'email_not_confirmed', msg: 'Email not confirmed' });

        return;
      }
      const token = randomBytes(24).toString('base64url');
      byToken.set(token, present(account));
      send(res, 200, { access_token: token, token_type: 'bearer', user: present(account) });

      return;
    }
    const adminPath = /^\/auth\/v1\/admin\/users\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PUT' && adminPath) {
      const body = (call.body = await readJson(req));
      const account = [...accounts.values()].find((candidate) => candidate.id === adminPath[1]);
      if (!account) {
        send(res, 404, { code: 404, error_code: 'user_not_found', msg: 'User not found' });

        return;
      }
      Object.assign(account.app_metadata, body.app_metadata ?? {});
      Object.assign(account.user_metadata, body.user_metadata ?? {});
      send(res, 200, present(account));

      return;
    }
    req.resume();
    send(res, 404, { msg: 'not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { msg: 'fake identity failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Registers a user and returns a token that identifies them. */
    addUser: (user: { email?: string; role?: string; tenant_id?: string; name?: string; appRole?: string; appTenant?: string }): string => {
      const token = randomBytes(24).toString('base64url');
      byToken.set(token, {
        id: randomUUID(),
        email: user.email ?? `${randomUUID()}@identity.test`,
        user_metadata: { ...(user.role ? { role: user.role } : {}), ...(user.tenant_id ? { tenant_id: user.tenant_id } : {}), ...(user.name ? { display_name: user.name } : {}) },
        app_metadata: { ...(user.appRole ? { role: user.appRole } : {}), ...(user.appTenant ? { tenant_id: user.appTenant } : {}) },
      });

      return token;
    },
    /** An account as an earlier sign-up or an invitation left it; returns what the provider keeps. */
    addAccount: (account: Partial<FakeIdentityAccount> & { email: string; password: string }): FakeIdentityAccount => {
      const kept: FakeIdentityAccount = {
        id: randomUUID(),
        confirmed: true,
        created_at: new Date().toISOString(),
        user_metadata: {},
        ...account,
        app_metadata: { provider: 'email', providers: ['email'], ...account.app_metadata },
      };
      accounts.set(kept.email.toLowerCase(), kept);

      return kept;
    },
    account: (email: string): FakeIdentityAccount | undefined => accounts.get(email.toLowerCase()),
    /** Every later call is answered with this status (null: back to normal). */
    failWith: (status: number | null) => {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;
