import { applyUserChanges } from './apply-user-changes.ts';
import { readBody, requireUser, type ProviderHandler } from './provider-call.ts';

/** PUT /user: the bearer changes its own account (see apply-user-changes.ts). */
export const updateUser: ProviderHandler = async (provider, call) => {
  const user = await requireUser(provider, call);

  return { status: 200, body: await applyUserChanges(provider, user, await readBody(call.req), call.bearer as string) };
};
