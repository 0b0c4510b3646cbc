import type { IncomingMessage } from 'node:http';
import { DomainError } from '@switchyard/domain/errors';
import { secretsMatch } from '@switchyard/domain/claims/tokens';
import { isValidEmail, normalizeEmail, passwordProblem } from '@switchyard/domain/transport/identity/credentials';
import { isPlainObject, selfAssignedRoleProblem, type Metadata } from '@switchyard/domain/transport/identity/metadata';
import { findUnstorableInput, unstorableInputMessage } from '@switchyard/domain/transport/unstorable-input';
import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { findUserByToken } from '@switchyard/db/transport/identity/identity-tokens';
import type { IdentityUserRow } from '@switchyard/db/transport/identity/identity-users';
import type { Database } from '@switchyard/db/orm';
import { readJsonBody } from '@switchyard/rest-adapter/read-json-body';
import type { Logger } from '../../../logger.ts';
import { refuse } from '../provider-answers.ts';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Password guesses are counted per email, not per address: sign-ins through /api/auth all come
 * from this service itself. A person never needs twenty tries in fifteen minutes.
 */
export const PASSWORD_ATTEMPTS = { name: 'identity_password', max: 20, windowSeconds: 15 * 60 };

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

/** What every handler of the provider is given: the options, and the request's entity manager (forked once per request). */
export type Provider = BuiltinIdentityOptions & { em: ReturnType<Database['fork']> };

/** One call to the provider: the node request (its body still unread), its URL and its bearer token. */
export type ProviderCall = { req: IncomingMessage; url: URL; bearer: string | null };

export type ProviderAnswer = { status: number; body: unknown };

/** A handler of one GoTrue path. */
export type ProviderHandler = (provider: Provider, call: ProviderCall) => Promise<ProviderAnswer>;

export const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
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

export const text = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = body[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'string') {
    throw refuse(400, 'validation_failed', `${key} must be a string`);
  }

  return value;
};

export const metadata = (body: Record<string, unknown>, key: string): Metadata | undefined => {
  const value = body[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!isPlainObject(value)) {
    throw refuse(400, 'validation_failed', `${key} must be an object`);
  }

  return value;
};

export const refuseSelfAssignedRole = (data: Metadata): void => {
  const problem = selfAssignedRoleProblem(data);
  if (problem) {
    throw refuse(403, 'not_admin', problem);
  }
};

export const checkedEmail = (raw: string | undefined): string => {
  const email = normalizeEmail(raw ?? '');
  if (!email) {
    throw refuse(400, 'validation_failed', 'An email address is required');
  }
  if (!isValidEmail(email)) {
    throw refuse(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }

  return email;
};

export const checkedPassword = (raw: string | undefined): string => {
  const problem = passwordProblem(raw ?? '');
  if (problem) {
    throw refuse(422, 'weak_password', problem);
  }

  return raw as string;
};

export const requireUser = async (provider: Provider, call: ProviderCall): Promise<IdentityUserRow> => {
  const user = call.bearer ? await findUserByToken(provider.em, digestOpaqueToken(call.bearer), 'access', provider.now()) : null;
  if (!user) {
    throw refuse(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }

  return user;
};

export const requireServiceKey = (provider: Provider, call: ProviderCall): void => {
  if (!call.bearer || !secretsMatch(call.bearer, provider.serviceKey)) {
    throw refuse(403, 'not_admin', 'User not allowed');
  }
};
