import { presentProviderUser } from '../builtin-users.ts';
import { requireUser, type ProviderHandler } from './provider-call.ts';

/** GET /user: the bearer's own account. */
export const getUser: ProviderHandler = async (provider, call) => ({
  status: 200,
  body: presentProviderUser(await requireUser(provider, call)),
});
