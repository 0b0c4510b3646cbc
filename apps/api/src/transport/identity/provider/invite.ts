import { mergeMetadata } from '@switchyard/domain/transport/identity/metadata';
import { newOpaqueToken } from '@switchyard/domain/transport/tenants/impersonation';
import { createBuiltinUser, presentProviderUser } from '../builtin-users.ts';
import { refuse } from '../provider-answers.ts';
import { mailLink } from './mail-link.ts';
import { checkedEmail, metadata, readBody, requireServiceKey, text, type ProviderHandler } from './provider-call.ts';

/**
 * POST /invite, GoTrue's admin invite: creates the account with `data` as user metadata and no
 * usable password, and mails a link to set one. Service key only; who may invite whom is the API's rule.
 */
export const invite: ProviderHandler = async (provider, call) => {
  requireServiceKey(provider, call);
  const body = await readBody(call.req);
  const email = checkedEmail(text(body, 'email'));
  const data = metadata(body, 'data') ?? {};
  const created = await createBuiltinUser(provider.em, {
    email,
    // Nobody knows this password: the invitee signs in once they have set their own.
    password: newOpaqueToken(),
    userMetadata: mergeMetadata(null, data),
    at: provider.now(),
  });
  if (!created) {
    throw refuse(422, 'email_exists', 'A user with this email address has already been registered');
  }
  await mailLink(provider, created, 'invite', { data });

  return { status: 200, body: presentProviderUser(created) };
};
