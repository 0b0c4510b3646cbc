import { mergeMetadata } from '@switchyard/domain/transport/identity/metadata';
import { createBuiltinUser, presentProviderUser } from '../builtin-users.ts';
import { refuse } from '../provider-answers.ts';
import { checkedEmail, checkedPassword, metadata, readBody, requireServiceKey, text, type ProviderHandler } from './provider-call.ts';

/** POST /admin/users: the service key creates an account with the metadata it gives. */
export const adminCreateUser: ProviderHandler = async (provider, call) => {
  requireServiceKey(provider, call);
  const body = await readBody(call.req);
  const email = checkedEmail(text(body, 'email'));
  const password = checkedPassword(text(body, 'password'));
  const created = await createBuiltinUser(provider.em, {
    email,
    password,
    userMetadata: mergeMetadata(null, metadata(body, 'user_metadata') ?? {}),
    appMetadata: mergeMetadata(null, metadata(body, 'app_metadata') ?? {}),
    at: provider.now(),
  });
  if (!created) {
    throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
  }

  return { status: 200, body: presentProviderUser(created) };
};
