import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeIdentityUser = {
  id: string;
  email: string;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
};

/**
 * A GoTrue-compatible identity server on loopback that knows only the users a test gives it:
 * `GET /auth/v1/user` answers the user of a bearer token, every other token gets 401. `down()`
 * makes it refuse connections, to test what the service does when its provider is unreachable.
 */
export const startFakeIdentity = async () => {
  const byToken = new Map<string, FakeIdentityUser>();
  const calls: { path: string; apikey: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push({ path: url.pathname, apikey: req.headers.apikey as string | undefined });
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'GET' && url.pathname === '/auth/v1/user') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const user = token ? byToken.get(token) : undefined;
      res.statusCode = user ? 200 : 401;
      res.end(JSON.stringify(user ?? { msg: 'invalid JWT' }));

      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ msg: 'not found' }));
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;
