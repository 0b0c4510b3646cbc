import { findIdentityUserById, type IdentityUserRow } from '@switchyard/db/transport/identity/identity-users';
import { presentProviderUser } from '../builtin-users.ts';
import { refuse } from '../provider-answers.ts';
import { applyUserChanges } from './apply-user-changes.ts';
import { readBody, requireServiceKey, type Provider, type ProviderCall, type ProviderHandler } from './provider-call.ts';

const ADMIN_USER_PATH = /\/admin\/users\/([^/]+)$/;

/** A path segment that is not valid percent-encoding names nothing, rather than failing the call. */
const decodedSegment = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

/**
 * The account `/admin/users/{id}` names. The id is read from the path as sent, and only once the
 * caller has shown the service key.
 */
const namedUser = async (provider: Provider, call: ProviderCall): Promise<IdentityUserRow> => {
  requireServiceKey(provider, call);
  const raw = ADMIN_USER_PATH.exec(call.url.pathname)?.[1];
  const id = raw === undefined ? null : decodedSegment(raw);
  const user = id === null ? null : await findIdentityUserById(provider.em, id);
  if (!user) {
    throw refuse(404, 'user_not_found', 'User not found');
  }

  return user;
};

/** GET /admin/users/{id}: the service key reads an account. */
export const adminGetUser: ProviderHandler = async (provider, call) => ({
  status: 200,
  body: presentProviderUser(await namedUser(provider, call)),
});

/** PUT /admin/users/{id}: the service key changes an account; an email change takes effect at once. */
export const adminUpdateUser: ProviderHandler = async (provider, call) => {
  const user = await namedUser(provider, call);

  return { status: 200, body: await applyUserChanges(provider, user, await readBody(call.req)) };
};
