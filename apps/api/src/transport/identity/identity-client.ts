import { DomainError } from '@switchyard/domain/errors';
import type { IdentityUser } from '@switchyard/domain/transport/session-user';
import type { LinkKind } from '@switchyard/domain/transport/identity/account-links';
import type { Logger } from '../../logger.ts';
import { providerRequest } from './provider-request.ts';

export type IdentitySession = { access_token: string; token_type: string; user: IdentityUser };

/**
 * No answer at all: the connection failed or the time limit passed. Kept apart from a provider
 * that answered with an error, because only this case may fall back to demo tokens. It says
 * nothing about the caller's token or password, so it is a 503 with Retry-After, never a 401.
 */
export class IdentityProviderUnreachable extends DomainError {
  constructor(cause: unknown, retryAfterSeconds: number) {
    super('service_unavailable', 'The identity provider could not be reached; try again in a moment.', { cause, retryAfterSeconds });
  }
}

/** The provider answered a token check with a server error or its own rate limit: the token is not judged. */
export class IdentityCheckUnavailable extends DomainError {
  constructor(status: number, retryAfterSeconds: number) {
    super('service_unavailable', `The identity provider could not check the token (HTTP ${status}); try again in a moment.`, {
      retryAfterSeconds,
    });
  }
}

/** A refusal carries GoTrue's `error_code` when the provider gave one. */
export type IdentityAnswer<T> = { ok: true; value: T } | { ok: false; status: number; message: string; code: string | null };

/**
 * A client of a Supabase Auth / GoTrue compatible server: the configured one, or the built-in
 * provider on this service's own port, which it calls over HTTP like any other, except for the
 * token check of every signed-in request, which is made in process (builtin-token-check.ts).
 */
export type IdentityClient = {
  /**
   * null when the provider refuses the token; throws `service_unavailable` when it cannot be
   * reached, does not answer in time, or answers with a server error or a 429.
   */
  getUser(accessToken: string): Promise<IdentityUser | null>;
  signInWithPassword(email: string, password: string): Promise<IdentityAnswer<IdentitySession>>;
  signUp(email: string, password: string, data: Record<string, unknown>): Promise<IdentityAnswer<IdentitySession | IdentityUser>>;
  /** GoTrue's password reset mail; `redirectTo` is the page the provider's link leads back to. */
  recover(email: string, redirectTo: string): Promise<IdentityAnswer<Record<string, unknown>>>;
  /** Exchanges a mailed link's token for a session (once); an email_change link also moves the account to its new address. */
  verifyLink(type: LinkKind, tokenHash: string): Promise<IdentityAnswer<IdentitySession>>;
  /**
   * The signed-in user sets a new password (GoTrue's PUT /user). `currentPassword` goes along
   * when given: the built-in provider asks for it from a session no mailed link gave.
   */
  updatePassword(accessToken: string, password: string, currentPassword?: string): Promise<IdentityAnswer<IdentityUser>>;
  /** Admin call with the service key: creates the account and mails an invitation link. */
  invite(email: string, data: Record<string, unknown>, redirectTo: string): Promise<IdentityAnswer<IdentityUser>>;
  /** Admin call with the service key: sets metadata on a user. */
  updateUserMetadata(
    userId: string,
    metadata: { user_metadata?: Record<string, unknown>; app_metadata?: Record<string, unknown> },
  ): Promise<IdentityAnswer<IdentityUser>>;
};

export type IdentityClientOptions = {
  baseUrl: () => string;
  apiKey: string | undefined;
  serviceKey: string | undefined;
  timeoutMs: number;
  /** Every call that got no answer is logged as a warning, with the path asked. */
  logger: Logger;
};

const messageOf = (body: Record<string, unknown>, status: number): string => {
  for (const key of ['msg', 'message', 'error_description', 'error']) {
    if (typeof body[key] === 'string') {
      return body[key] as string;
    }
  }

  return `identity provider answered ${status}`;
};

/** A provider's answer, read whole: its status and its JSON body (empty when it had none). */
type ProviderAnswer = { status: number; ok: boolean; body: Record<string, unknown> };

/** A token check that cannot be decided refuses nothing: the caller comes back after about one time limit. */
const retryAfterSeconds = (timeoutMs: number): number => Math.max(1, Math.ceil(timeoutMs / 1000));

export const createIdentityClient = (options: IdentityClientOptions): IdentityClient => {
  const retryAfter = retryAfterSeconds(options.timeoutMs);
  /** One call, its answer read whole inside the time limit (see provider-request.ts). */
  const call = async (path: string, init: { method: string; body?: unknown; bearer?: string }): Promise<ProviderAnswer> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.apiKey) {
      headers.apikey = options.apiKey;
    }
    if (init.bearer) {
      headers.Authorization = `Bearer ${init.bearer}`;
    }
    if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    try {
      const reply = await providerRequest(new URL(path, options.baseUrl()), {
        method: init.method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        timeoutMs: options.timeoutMs,
      });
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(reply.text);
        body = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      } catch {
        // Not JSON (a proxy's error page): the status still says what happened.
      }

      return { status: reply.status, ok: reply.status >= 200 && reply.status < 300, body };
    } catch (error) {
      options.logger.warn(
        { path: path.split('?')[0], cause: error instanceof Error ? error.message : String(error) },
        'identity provider did not answer',
      );
      throw new IdentityProviderUnreachable(error, retryAfter);
    }
  };

  const answer = <T>(response: ProviderAnswer): IdentityAnswer<T> =>
    response.ok
      ? { ok: true, value: response.body as T }
      : {
          ok: false,
          status: response.status,
          message: messageOf(response.body, response.status),
          code: typeof response.body.error_code === 'string' ? response.body.error_code : null,
        };

  const admin = options.serviceKey ? { bearer: options.serviceKey } : {};
  /** GoTrue (and auth-js) take the return address as `redirect_to` in the query. */
  const redirect = (redirectTo: string) => `redirect_to=${encodeURIComponent(redirectTo)}`;

  return {
    recover: async (email, redirectTo) =>
      answer(await call(`/auth/v1/recover?${redirect(redirectTo)}`, { method: 'POST', body: { email } })),
    verifyLink: async (type, tokenHash) => answer(await call('/auth/v1/verify', { method: 'POST', body: { type, token_hash: tokenHash } })),
    updatePassword: async (accessToken, password, currentPassword) =>
      answer(
        await call('/auth/v1/user', {
          method: 'PUT',
          body: { password, ...(currentPassword === undefined ? {} : { current_password: currentPassword }) },
          bearer: accessToken,
        }),
      ),
    invite: async (email, data, redirectTo) =>
      answer(await call(`/auth/v1/invite?${redirect(redirectTo)}`, { method: 'POST', body: { email, data }, ...admin })),
    getUser: async (accessToken) => {
      const response = await call('/auth/v1/user', { method: 'GET', bearer: accessToken });
      if (response.status === 429 || response.status >= 500) {
        options.logger.warn({ path: '/auth/v1/user', status: response.status }, 'identity provider could not check a token');
        throw new IdentityCheckUnavailable(response.status, retryAfter);
      }
      if (response.status !== 200) {
        // GoTrue refuses a bad, expired or ended session with a 4xx: the token is not valid.
        return null;
      }
      if (typeof response.body.id !== 'string') {
        // Neither a refusal nor a user: a fault, not a reason to turn the caller away as a stranger.
        throw new Error('The identity provider answered 200 without a user.');
      }

      return response.body as unknown as IdentityUser;
    },
    signInWithPassword: async (email, password) =>
      answer(await call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email, password } })),
    signUp: async (email, password, data) => answer(await call('/auth/v1/signup', { method: 'POST', body: { email, password, data } })),
    updateUserMetadata: async (userId, metadata) =>
      answer(
        await call(`/auth/v1/admin/users/${encodeURIComponent(userId)}`, {
          method: 'PUT',
          body: metadata,
          ...(options.serviceKey ? { bearer: options.serviceKey } : {}),
        }),
      ),
  };
};
