import type { IncomingMessage, ServerResponse } from 'node:http';
import { DomainError } from '@switchyard/domain/errors';
import { secretsMatch } from '@switchyard/domain/claims/tokens';
import { isValidEmail, normalizeEmail, passwordProblem } from '@switchyard/domain/transport/identity/credentials';
import { isPlainObject, mergeMetadata, selfAssignedRoleProblem, selfMovedTenantProblem, type Metadata } from '@switchyard/domain/transport/identity/metadata';
import { findUnstorableInput, unstorableInputMessage } from '@switchyard/domain/transport/unstorable-input';
import { PUBLIC_WRITE_LIMITS, RATE_LIMITED_MESSAGE } from '@switchyard/domain/transport/public-write-limits';
import { digestOpaqueToken, newOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { linkExpiry, LINK_KINDS, type LinkKind } from '@switchyard/domain/transport/identity/account-links';
import { consumeIdentityLink, deleteAllIdentityLinks, replaceIdentityLink } from '@switchyard/db/transport/identity/identity-links';
import { deleteIdentityToken, endIdentitySessions, findTokenSession, findUserByToken, isTokenViaLink, type LogoutScope } from '@switchyard/db/transport/identity/identity-tokens';
import {
  findIdentityUserByEmail,
  findIdentityUserById,
  updateIdentityUser,
  type IdentityUserChanges,
  type IdentityUserRow,
} from '@switchyard/db/transport/identity/identity-users';
import type { Database } from '@switchyard/db/orm';
import { hitRateLimit } from '@switchyard/db/rate-limit';
import { readJsonBody } from '@switchyard/rest-adapter/read-json-body';
import { clientAddress } from '../../http/client-address.ts';
import type { Logger } from '../../logger.ts';
import { createBuiltinUser, presentProviderUser } from './builtin-users.ts';
import { hashPassword, verifyPassword, decoyPasswordHash } from './password-hash.ts';
import { isOwnLoopbackCall } from './own-call.ts';
import { answer, ProviderError, refuse, refuseGrant, refuseRateLimited } from './provider-answers.ts';
import { issueSession } from './provider-sessions.ts';
import { enqueueEmailChangeNotice, enqueueLinkMail, linkUrl } from './identity-mail.ts';

const MAX_BODY_BYTES = 64 * 1024;
const ADMIN_USER_PATH = /^\/admin\/users\/([^/]+)$/;
/**
 * Password guesses are counted per email, not per address: sign-ins through /api/auth all come
 * from this service itself. A person never needs twenty tries in fifteen minutes.
 */
const PASSWORD_ATTEMPTS = { name: 'identity_password', max: 20, windowSeconds: 15 * 60 };

export type BuiltinIdentityOptions = {
  db: Database;
  /** When set, every call must carry it in the `apikey` header, as Supabase's gateway demands. */
  apiKey: string | undefined;
  /** Bearer of admin calls (Supabase's service-role key). */
  serviceKey: string;
  /** TRUST_PROXY: count sign-ups by the last X-Forwarded-For entry rather than the connecting address. */
  trustProxy: boolean;
  now: () => Date;
  logger: Logger;
  /** TRANSPORT_PUBLIC_URL: mailed links open the web app there, never at a Host header a caller chose. */
  publicUrl: string;
  /** Tells the outbox worker a mail is waiting. */
  wakeMail: () => void;
};

type Call = { req: IncomingMessage; url: URL; path: string; bearer: string | null };

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];

  return (Array.isArray(value) ? value[0] : value) ?? null;
};

const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  let body: unknown;
  try {
    body = await readJsonBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'payload_too_large') {
      throw refuse(413, 'request_too_large', error.message);
    }
    throw refuse(400, 'bad_json', 'Could not parse request body as JSON');
  }
  if (!isPlainObject(body)) {
    throw refuse(400, 'bad_json', 'Could not parse request body as JSON');
  }
  // Checked once for the whole body: no field of a user may hold what PostgreSQL cannot store.
  const found = findUnstorableInput(body);
  if (found !== null) {
    throw refuse(400, 'validation_failed', unstorableInputMessage(found));
  }

  return body;
};

const text = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = body[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'string') {
    throw refuse(400, 'validation_failed', `${key} must be a string`);
  }

  return value;
};

const metadata = (body: Record<string, unknown>, key: string): Metadata | undefined => {
  const value = body[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!isPlainObject(value)) {
    throw refuse(400, 'validation_failed', `${key} must be an object`);
  }

  return value;
};

const refuseSelfAssignedRole = (data: Metadata): void => {
  const problem = selfAssignedRoleProblem(data);
  if (problem) {
    throw refuse(403, 'not_admin', problem);
  }
};

/** A path segment that is not valid percent-encoding names nothing, rather than failing the call. */
const decodedSegment = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

const LOGOUT_SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

/**
 * GoTrue's `?scope=`: `global` (the default) ends every session of the user, `local` the sign-in
 * the token belongs to, `others` every session but that one. Every token of an ended session stops
 * working at once, earlier access tokens included.
 */
const logoutScope = (url: URL): LogoutScope => {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
    throw refuse(400, 'validation_failed', `Unsupported logout scope "${scope.slice(0, 40)}"`);
  }

  return scope as LogoutScope;
};

const checkedEmail = (raw: string | undefined): string => {
  const email = normalizeEmail(raw ?? '');
  if (!email) {
    throw refuse(400, 'validation_failed', 'An email address is required');
  }
  if (!isValidEmail(email)) {
    throw refuse(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }

  return email;
};

const checkedPassword = (raw: string | undefined): string => {
  const problem = passwordProblem(raw ?? '');
  if (problem) {
    throw refuse(422, 'weak_password', problem);
  }

  return raw as string;
};

/**
 * The built-in GoTrue-compatible identity provider, served under /auth/v1 on the transport port
 * when no IDENTITY_URL is configured. It speaks GoTrue's paths and error shapes, not this API's.
 */
export const createBuiltinIdentityHandler = (options: BuiltinIdentityOptions) => {
  const em = () => options.db.fork();

  const requireUser = async (call: Call): Promise<IdentityUserRow> => {
    const user = call.bearer ? await findUserByToken(em(), digestOpaqueToken(call.bearer), 'access', options.now()) : null;
    if (!user) {
      throw refuse(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }

    return user;
  };

  const requireServiceKey = (call: Call): void => {
    if (!call.bearer || !secretsMatch(call.bearer, options.serviceKey)) {
      throw refuse(403, 'not_admin', 'User not allowed');
    }
  };

  /**
   * Sign-ups count against the same per-address limit as /api/auth/register. The service's own
   * calls are left out: /api/auth/register has already counted them by the caller's address.
   */
  const limitSignUps = async (call: Call): Promise<void> => {
    if (isOwnLoopbackCall(call.req)) {
      return;
    }
    const address = clientAddress(call.req, options.trustProxy);
    const hit = await hitRateLimit(em(), PUBLIC_WRITE_LIMITS.signUpPerAddress, address, options.now());
    if (!hit.allowed) {
      throw refuseRateLimited(RATE_LIMITED_MESSAGE, hit.retryAfterSeconds);
    }
  };

  const signUp = async (call: Call) => {
    await limitSignUps(call);
    const body = await readBody(call.req);
    const email = checkedEmail(text(body, 'email'));
    const password = checkedPassword(text(body, 'password'));
    const data = metadata(body, 'data') ?? {};
    refuseSelfAssignedRole(data);
    const created = await createBuiltinUser(em(), { email, password, userMetadata: mergeMetadata(null, data), at: options.now() });
    if (!created) {
      throw refuse(422, 'user_already_exists', 'User already registered');
    }

    // Sign-ups are confirmed at once here, so GoTrue's autoconfirm answer applies: a session.
    return { status: 200, body: await issueSession(em(), created, options.now()) };
  };

  const token = async (call: Call) => {
    const grant = call.url.searchParams.get('grant_type');
    const body = await readBody(call.req);
    if (grant === 'password') {
      const email = normalizeEmail(text(body, 'email') ?? '');
      const password = text(body, 'password') ?? '';
      const attempt = await hitRateLimit(em(), PASSWORD_ATTEMPTS, email, options.now());
      if (!attempt.allowed) {
        throw refuseRateLimited('Too many sign-in attempts; try again later', attempt.retryAfterSeconds);
      }
      const user = email ? await findIdentityUserByEmail(em(), email) : null;
      const matches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
      if (!user || !matches) {
        throw refuseGrant('Invalid login credentials');
      }

      return { status: 200, body: await issueSession(em(), user, options.now()) };
    }
    if (grant === 'refresh_token') {
      const presented = text(body, 'refresh_token') ?? '';
      const hash = digestOpaqueToken(presented);
      const user = presented ? await findUserByToken(em(), hash, 'refresh', options.now()) : null;
      const session = user ? await findTokenSession(em(), hash) : null;
      // A refresh token is spent by its use, as in GoTrue; a second use finds nothing.
      if (!user || !(await deleteIdentityToken(em(), hash))) {
        throw refuseGrant('Invalid Refresh Token: Refresh Token Not Found');
      }

      // The refreshed tokens stay in the sign-in's session, so logout ends them with the rest.
      return { status: 200, body: await issueSession(em(), user, options.now(), session ?? undefined) };
    }
    throw new ProviderError(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
  };

  /**
   * A password set from a signed-in session needs the current one, unless a mailed reset or
   * invitation link gave that session (the person proved the mailbox, and knows no password).
   * So a token taken from a browser cannot lock the owner out. Wrong guesses count against the
   * sign-in limit of the account.
   */
  const requireCurrentPassword = async (user: IdentityUserRow, bearer: string, current: string | undefined): Promise<void> => {
    if (await isTokenViaLink(em(), digestOpaqueToken(bearer))) {
      return;
    }
    if (current === undefined) {
      throw refuse(400, 'current_password_required', 'current_password is required to set a new password from a signed-in session');
    }
    const attempt = await hitRateLimit(em(), PASSWORD_ATTEMPTS, user.email, options.now());
    if (!attempt.allowed) {
      throw refuseRateLimited('Too many sign-in attempts; try again later', attempt.retryAfterSeconds);
    }
    if (!(await verifyPassword(current, user.password_hash))) {
      throw refuse(422, 'current_password_mismatch', 'The current password is not correct');
    }
  };

  /** An address another account holds is refused at once, as GoTrue does, before anything is written. */
  const refuseTakenEmail = async (user: IdentityUserRow, newEmail: string): Promise<void> => {
    const holder = await findIdentityUserByEmail(em(), newEmail);
    if (holder && holder.id !== user.id) {
      throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
    }
  };

  /**
   * GoTrue's secure email change: the new address gets a link, the old one a notice, and the
   * account keeps its address until the link is used (verify with type email_change).
   */
  const requestEmailChange = async (user: IdentityUserRow, newEmail: string): Promise<void> => {
    await mailLink(user, 'email_change', { to: newEmail, newEmail });
    await enqueueEmailChangeNotice(em(), { to: user.email, newEmail, userId: user.id, now: options.now() });
    options.wakeMail();
  };

  /**
   * `bearer` is the caller's own token on PUT /user (absent for the service key's admin update).
   * A new password ends every other sign-in of the account (GoTrue does the same), so whoever knew
   * the old password is out, and every link mailed before (reset, invitation, email change) is
   * void, whichever path set it. The session that set it stays. The user's own email change waits
   * for the new address to confirm it; the service key's takes effect at once.
   */
  const applyChanges = async (user: IdentityUserRow, body: Record<string, unknown>, bearer?: string) => {
    const admin = bearer === undefined;
    const changes: IdentityUserChanges = { at: options.now() };
    let pendingEmail: string | undefined;
    const email = text(body, 'email');
    if (email !== undefined) {
      const checked = checkedEmail(email);
      if (admin) {
        changes.email = checked;
      } else if (checked !== user.email) {
        await refuseTakenEmail(user, checked);
        pendingEmail = checked;
      }
    }
    const password = text(body, 'password');
    if (password !== undefined) {
      const chosen = checkedPassword(password);
      if (!admin) {
        await requireCurrentPassword(user, bearer, text(body, 'current_password'));
      }
      changes.passwordHash = await hashPassword(chosen);
    }
    const own = admin ? metadata(body, 'user_metadata') : metadata(body, 'data');
    if (own && !admin) {
      refuseSelfAssignedRole(own);
      const moved = selfMovedTenantProblem(user.user_metadata, own);
      if (moved) {
        throw refuse(403, 'not_admin', moved);
      }
    }
    if (own) {
      changes.userMetadata = mergeMetadata(user.user_metadata, own);
    }
    const granted = metadata(body, 'app_metadata');
    if (granted && !admin) {
      throw refuse(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    if (granted) {
      changes.appMetadata = mergeMetadata(user.app_metadata, granted);
    }
    const updated = await updateIdentityUser(em(), user.id, changes);
    if (!updated) {
      throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
    }
    if (changes.passwordHash !== undefined) {
      await deleteAllIdentityLinks(em(), user.id);
      if (bearer) {
        await endIdentitySessions(em(), digestOpaqueToken(bearer), 'others');
      }
    }
    if (pendingEmail !== undefined) {
      await requestEmailChange(updated, pendingEmail);

      return { ...presentProviderUser(updated), new_email: pendingEmail, email_change_sent_at: options.now().toISOString() };
    }

    return presentProviderUser(updated);
  };

  const adminCreate = async (call: Call) => {
    requireServiceKey(call);
    const body = await readBody(call.req);
    const email = checkedEmail(text(body, 'email'));
    const password = checkedPassword(text(body, 'password'));
    const created = await createBuiltinUser(em(), {
      email,
      password,
      userMetadata: mergeMetadata(null, metadata(body, 'user_metadata') ?? {}),
      appMetadata: mergeMetadata(null, metadata(body, 'app_metadata') ?? {}),
      at: options.now(),
    });
    if (!created) {
      throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
    }

    return { status: 200, body: presentProviderUser(created) };
  };

  /** `rawId` is the path segment as sent: it is read only once the caller has shown the key. */
  const adminUser = async (call: Call, rawId: string) => {
    requireServiceKey(call);
    const id = decodedSegment(rawId);
    const user = id === null ? null : await findIdentityUserById(em(), id);
    if (!user) {
      throw refuse(404, 'user_not_found', 'User not found');
    }
    if (call.req.method === 'GET') {
      return { status: 200, body: presentProviderUser(user) };
    }

    return { status: 200, body: await applyChanges(user, await readBody(call.req)) };
  };

  /**
   * Stores a new one-time link for the user and puts its mail in the outbox: to the account's
   * address, or for an email change to the new address it confirms.
   */
  const mailLink = async (user: IdentityUserRow, kind: LinkKind, extra: { data?: Record<string, unknown>; to?: string; newEmail?: string } = {}) => {
    const token = newOpaqueToken();
    const now = options.now();
    await replaceIdentityLink(em(), {
      hash: digestOpaqueToken(token),
      userId: user.id,
      kind,
      expiresAt: linkExpiry(kind, now),
      at: now,
      ...(extra.newEmail === undefined ? {} : { newEmail: extra.newEmail }),
    });
    await enqueueLinkMail(em(), { kind, to: extra.to ?? user.email, link: linkUrl(options.publicUrl, kind, token), ...(extra.data ? { data: extra.data } : {}), userId: user.id, now });
    options.wakeMail();
  };

  /**
   * GoTrue's password reset request: the same empty 200 whether or not the email has an account,
   * so the answer tells nobody who is registered; only an account gets a mail. Both limits count
   * every request alike, known email or not.
   */
  const recover = async (call: Call) => {
    if (!isOwnLoopbackCall(call.req)) {
      const byAddress = await hitRateLimit(em(), PUBLIC_WRITE_LIMITS.recoverPerAddress, clientAddress(call.req, options.trustProxy), options.now());
      if (!byAddress.allowed) {
        throw refuseRateLimited(RATE_LIMITED_MESSAGE, byAddress.retryAfterSeconds);
      }
    }
    const email = checkedEmail(text(await readBody(call.req), 'email'));
    const byEmail = await hitRateLimit(em(), PUBLIC_WRITE_LIMITS.recoverPerEmail, email, options.now());
    if (!byEmail.allowed) {
      throw new ProviderError(
        429,
        { code: 429, error_code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded', retry_after: byEmail.retryAfterSeconds },
        { 'Retry-After': String(byEmail.retryAfterSeconds) },
      );
    }
    const user = await findIdentityUserByEmail(em(), email);
    if (user) {
      await mailLink(user, 'recovery');
    }

    return { status: 200, body: {} };
  };

  /**
   * GoTrue's POST /verify for mailed links: `token_hash` (or `token` with the `email`) of a
   * `recovery`, `invite` or `email_change` link gives a session, once. A used, expired or unknown
   * link, or one for another address, is GoTrue's 403 otp_expired, whichever it was; the address
   * is checked before the link is spent. An email_change link moves the account to the address
   * it was mailed to; a reset or invitation link's session may then set a password without the
   * current one.
   */
  const verify = async (call: Call) => {
    const body = await readBody(call.req);
    const type = text(body, 'type') ?? '';
    if (!(LINK_KINDS as string[]).includes(type)) {
      throw refuse(400, 'validation_failed', 'Verify requires a verification type of recovery, invite or email_change');
    }
    const kind = type as LinkKind;
    const presented = text(body, 'token_hash') ?? text(body, 'token') ?? '';
    const email = text(body, 'email');
    const linked = presented ? await consumeIdentityLink(em(), digestOpaqueToken(presented), kind, options.now(), email === undefined ? undefined : normalizeEmail(email)) : null;
    if (!linked) {
      throw refuse(403, 'otp_expired', 'Email link is invalid or has expired');
    }
    let user: IdentityUserRow = linked;
    if (kind === 'email_change' && linked.new_email !== null) {
      const moved = await updateIdentityUser(em(), linked.id, { email: linked.new_email, at: options.now() });
      if (!moved) {
        throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
      }
      user = moved;
    }

    return { status: 200, body: await issueSession(em(), user, options.now(), undefined, kind !== 'email_change') };
  };

  /**
   * GoTrue's admin invite: creates the account with `data` as user metadata and no usable password,
   * and mails a link to set one. Service key only; who may invite whom is the API's rule.
   */
  const invite = async (call: Call) => {
    requireServiceKey(call);
    const body = await readBody(call.req);
    const email = checkedEmail(text(body, 'email'));
    const data = metadata(body, 'data') ?? {};
    const created = await createBuiltinUser(em(), {
      email,
      // Nobody knows this password: the invitee signs in once they have set their own.
      password: newOpaqueToken(),
      userMetadata: mergeMetadata(null, data),
      at: options.now(),
    });
    if (!created) {
      throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
    }
    await mailLink(created, 'invite', { data });

    return { status: 200, body: presentProviderUser(created) };
  };

  const dispatch = async (call: Call): Promise<{ status: number; body: unknown }> => {
    const method = call.req.method ?? 'GET';
    const adminPath = ADMIN_USER_PATH.exec(call.path);
    if (call.path === '/health' && method === 'GET') {
      return { status: 200, body: { version: '1.0.0', name: 'switchyard', description: 'Built-in GoTrue-compatible identity provider' } };
    }
    if (call.path === '/signup' && method === 'POST') {
      return signUp(call);
    }
    if (call.path === '/token' && method === 'POST') {
      return token(call);
    }
    if (call.path === '/user' && method === 'GET') {
      return { status: 200, body: presentProviderUser(await requireUser(call)) };
    }
    if (call.path === '/user' && method === 'PUT') {
      const user = await requireUser(call);

      return { status: 200, body: await applyChanges(user, await readBody(call.req), call.bearer as string) };
    }
    if (call.path === '/recover' && method === 'POST') {
      return recover(call);
    }
    if (call.path === '/verify' && method === 'POST') {
      return verify(call);
    }
    if (call.path === '/invite' && method === 'POST') {
      return invite(call);
    }
    if (call.path === '/logout' && method === 'POST') {
      const scope = logoutScope(call.url);
      await requireUser(call);
      await endIdentitySessions(em(), digestOpaqueToken(call.bearer as string), scope);

      return { status: 204, body: null };
    }
    if (call.path === '/admin/users' && method === 'POST') {
      return adminCreate(call);
    }
    if (adminPath?.[1] && (method === 'PUT' || method === 'GET')) {
      return adminUser(call, adminPath[1]);
    }
    throw refuse(404, 'not_found', 'Not found');
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      const apiKey = header(req, 'apikey');
      if (options.apiKey && (!apiKey || !secretsMatch(apiKey, options.apiKey))) {
        throw new ProviderError(401, { message: apiKey ? 'Invalid API key' : 'No API key found in request' });
      }
      const authorization = header(req, 'authorization');
      const bearer = authorization ? (/^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? null) : null;
      const { status, body } = await dispatch({ req, url, path: url.pathname.slice('/auth/v1'.length), bearer });
      if (status === 204) {
        res.statusCode = 204;
        res.end();

        return;
      }
      answer(res, status, body);
    } catch (error) {
      if (!req.readableEnded) {
        req.resume();
      }
      if (error instanceof ProviderError) {
        for (const [name, value] of Object.entries(error.headers)) {
          res.setHeader(name, value);
        }
        answer(res, error.status, error.body);

        return;
      }
      options.logger.error({ err: error }, 'identity provider request failed');
      answer(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure' });
    }
  };
};
