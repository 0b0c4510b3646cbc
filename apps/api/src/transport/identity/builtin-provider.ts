import type { Hono } from 'hono';
import { secretsMatch } from '@switchyard/domain/claims/tokens';
import type { ServiceContext, ServiceEnv } from '../../http/create-service-app.ts';
import { nameRoute } from '../../http/request-context.ts';
import { ProviderError, refuse } from './provider-answers.ts';
import { adminCreateUser } from './provider/admin-create-user.ts';
import { adminGetUser, adminUpdateUser } from './provider/admin-user.ts';
import { getUser } from './provider/get-user.ts';
import { health } from './provider/health.ts';
import { invite } from './provider/invite.ts';
import { logout } from './provider/logout.ts';
import type { BuiltinIdentityOptions, Provider, ProviderAnswer, ProviderHandler } from './provider/provider-call.ts';
import { recover } from './provider/recover.ts';
import { signUp } from './provider/sign-up.ts';
import { token } from './provider/token.ts';
import { updateUser } from './provider/update-user.ts';
import { verify } from './provider/verify.ts';

export type { BuiltinIdentityOptions } from './provider/provider-call.ts';

const PREFIX = '/auth/v1';

/** GoTrue answers JSON that no cache keeps, and an empty 204. */
const respond = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      });

const header = (c: ServiceContext, name: string): string | null => {
  const value = c.env.incoming.headers[name];

  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/**
 * The built-in GoTrue-compatible identity provider, served under /auth/v1 on the transport port
 * when no IDENTITY_URL is configured: one route per GoTrue path, each handler in `provider/`. It
 * speaks GoTrue's paths and error shapes, not this API's: every call needs the API key when one
 * is set, an unknown path or method is GoTrue's 404, a failure GoTrue's 500.
 */
export const mountBuiltinIdentity = (options: BuiltinIdentityOptions) => {
  // One entity manager per request, shared by the handler's statements.
  const providerOfRequest = (): Provider => ({ ...options, em: options.db.fork() });

  const serve =
    (handler: ProviderHandler) =>
    async (c: ServiceContext): Promise<Response> => {
      const { incoming: req } = c.env;
      nameRoute(`${PREFIX}/{path}`);
      try {
        const apiKey = header(c, 'apikey');
        if (options.apiKey && (!apiKey || !secretsMatch(apiKey, options.apiKey))) {
          throw new ProviderError(401, { message: apiKey ? 'Invalid API key' : 'No API key found in request' });
        }
        const authorization = header(c, 'authorization');
        const bearer = authorization ? (/^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? null) : null;
        // Routing takes HEAD for GET; GoTrue serves no HEAD.
        const answer: ProviderAnswer =
          req.method === 'HEAD'
            ? await notFound()
            : await handler(providerOfRequest(), { req, url: new URL(req.url ?? '/', 'http://localhost'), bearer });

        return respond(answer.status, answer.body);
      } catch (error) {
        if (!req.readableEnded) {
          req.resume();
        }
        if (error instanceof ProviderError) {
          return respond(error.status, error.body, error.headers);
        }
        options.logger.error({ err: error }, 'identity provider request failed');

        return respond(500, { code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure' });
      }
    };
  const notFound: () => Promise<ProviderAnswer> = () => Promise.reject(refuse(404, 'not_found', 'Not found'));

  return (app: Hono<ServiceEnv>): void => {
    app.get(`${PREFIX}/health`, serve(health));
    app.post(`${PREFIX}/signup`, serve(signUp));
    app.post(`${PREFIX}/token`, serve(token));
    app.get(`${PREFIX}/user`, serve(getUser));
    app.put(`${PREFIX}/user`, serve(updateUser));
    app.post(`${PREFIX}/recover`, serve(recover));
    app.post(`${PREFIX}/verify`, serve(verify));
    app.post(`${PREFIX}/invite`, serve(invite));
    app.post(`${PREFIX}/logout`, serve(logout));
    app.post(`${PREFIX}/admin/users`, serve(adminCreateUser));
    app.get(`${PREFIX}/admin/users/:id`, serve(adminGetUser));
    app.put(`${PREFIX}/admin/users/:id`, serve(adminUpdateUser));
    // Anything else under the prefix is GoTrue's 404, after the API key check like every call.
    app.all(`${PREFIX}/*`, async (c, next) => ((c.env.incoming.url ?? '').startsWith(`${PREFIX}/`) ? serve(notFound)(c) : next()));
  };
};
