import { digestOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { endIdentitySessions, type LogoutScope } from '@switchyard/db/transport/identity/identity-tokens';
import { refuse } from '../provider-answers.ts';
import { requireUser, type ProviderHandler } from './provider-call.ts';

const LOGOUT_SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

/**
 * POST /logout with GoTrue's `?scope=`: `global` (the default) ends every session of the user,
 * `local` the sign-in the token belongs to, `others` every session but that one. Every token of an
 * ended session stops working at once, earlier access tokens included.
 */
export const logout: ProviderHandler = async (provider, call) => {
  const scope = call.url.searchParams.get('scope') ?? 'global';
  if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
    throw refuse(400, 'validation_failed', `Unsupported logout scope "${scope.slice(0, 40)}"`);
  }
  await requireUser(provider, call);
  await endIdentitySessions(provider.em, digestOpaqueToken(call.bearer as string), scope as LogoutScope);

  return { status: 204, body: null };
};
