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
 * of a user's metadata. `failWith(status)` makes it answer every call with that status;
 * `hang(true)` makes it take every call and answer none.
 */
export const startFakeIdentity = async () => {
  const byToken = new Map<string, FakeIdentityUser>();
  const accounts = new Map<string, FakeIdentityAccount>();
  const calls: {
    method: string;
    path: string;
    query: string;
    apikey: string | undefined;
    authorization: string | undefined;
    body?: Record<string, any>;
  }[] = [];
  /**
   * The links GoTrue would have mailed (recover, invite, email change), newest last: `token_hash`
   * opens one once. `email` is the account's address; an email change's link carries `new_email`.
   */
  const mailedLinks: {
    type: 'recovery' | 'invite' | 'email_change';
    email: string;
    token_hash: string;
    redirect_to: string | null;
    new_email?: string;
  }[] = [];
  let failure: number | null = null;
  let hanging = false;

  const present = (account: FakeIdentityAccount): FakeIdentityUser => ({
    id: account.id,
    email: account.email,
    user_metadata: account.user_metadata,
    app_metadata: account.app_metadata,
    created_at: account.created_at,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const call: (typeof calls)[number] = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      apikey: req.headers.apikey as string | undefined,
      authorization: req.headers.authorization,
    };
    calls.push(call);
    res.setHeader('Content-Type', 'application/json');
    if (hanging) {
      // Takes the request and never answers, as a provider stuck behind its own queue.
      req.resume();

      return;
    }
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
    if (req.method === 'POST' && url.pathname === '/auth/v1/recover') {
      const body = (call.body = await readJson(req));
      const email = String(body.email).toLowerCase();
      if (accounts.has(email)) {
        mailedLinks.push({
          type: 'recovery',
          email,
          token_hash: randomBytes(16).toString('hex'),
          redirect_to: url.searchParams.get('redirect_to'),
        });
      }
      send(res, 200, {});

      return;
    }
    if (req.method === 'POST' && url.pathname === '/auth/v1/invite') {
      const body = (call.body = await readJson(req));
      const email = String(body.email).toLowerCase();
      if (accounts.get(email)?.confirmed) {
        send(res, 422, { code: 422, error_code: 'email_exists', msg: 'A user with this email address has already been registered' });

        return;
      }
      const account: FakeIdentityAccount = {
        id: randomUUID(),
        email,
        password: randomBytes(16).toString('hex'),
        confirmed: false,
        created_at: new Date().toISOString(),
        user_metadata: { ...(body.data ?? {}) },
        app_metadata: { provider: 'email', providers: ['email'] },
      };
      accounts.set(email, account);
      mailedLinks.push({
        type: 'invite',
        email,
        token_hash: randomBytes(16).toString('hex'),
        redirect_to: url.searchParams.get('redirect_to'),
      });
      send(res, 200, present(account));

      return;
    }
    if (req.method === 'POST' && url.pathname === '/auth/v1/verify') {
      const body = (call.body = await readJson(req));
      const index = mailedLinks.findIndex((link) => link.token_hash === body.token_hash && link.type === body.type);
      const link = mailedLinks[index];
      const account = link ? accounts.get(link.email) : undefined;
      if (!link || !account) {
        send(res, 403, { code: 403, error_code: 'otp_expired', msg: 'Email link is invalid or has expired' });

        return;
      }
      mailedLinks.splice(index, 1);
      account.confirmed = true;
      if (link.type === 'email_change' && link.new_email) {
        accounts.delete(account.email);
        account.email = link.new_email;
        accounts.set(account.email, account);
      }
      // GoTrue's access tokens are JWTs whose `amr` says how the session was opened.
      const claims = { sub: account.id, session_id: randomUUID(), amr: [{ method: link.type, timestamp: Math.floor(Date.now() / 1000) }] };
      const token =
        ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') +
        `.${randomBytes(16).toString('base64url')}`;
      byToken.set(token, present(account));
      send(res, 200, { access_token: token, token_type: 'bearer', user: present(account) });

      return;
    }
    if (req.method === 'PUT' && url.pathname === '/auth/v1/user') {
      const body = (call.body = await readJson(req));
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const user = token ? byToken.get(token) : undefined;
      const account = user ? accounts.get(user.email.toLowerCase()) : undefined;
      if (!account) {
        send(res, 401, { msg: 'invalid JWT' });

        return;
      }
      if (typeof body.password === 'string') {
        account.password = body.password;
      }
      // GoTrue's secure email change: the address changes only when the link mailed to it is used.
      if (typeof body.email === 'string' && body.email.toLowerCase() !== account.email) {
        mailedLinks.push({
          type: 'email_change',
          email: account.email,
          token_hash: randomBytes(16).toString('hex'),
          redirect_to: null,
          new_email: body.email.toLowerCase(),
        });
      }
      send(res, 200, present(account));

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
    mailedLinks,
    /** Registers a user and returns a token that identifies them. */
    addUser: (user: { email?: string; role?: string; tenant_id?: string; name?: string; appRole?: string; appTenant?: string }): string => {
      const token = randomBytes(24).toString('base64url');
      byToken.set(token, {
        id: randomUUID(),
        email: user.email ?? `${randomUUID()}@identity.test`,
        user_metadata: {
          ...(user.role ? { role: user.role } : {}),
          ...(user.tenant_id ? { tenant_id: user.tenant_id } : {}),
          ...(user.name ? { display_name: user.name } : {}),
        },
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
    /** Every later call is taken and left unanswered (false: back to normal). */
    hang: (on: boolean) => {
      hanging = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Calls it left hanging still hold their connections.
        server.closeAllConnections();
      }),
  };
};

export type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;
