import { findIdentityUserByEmail } from '@switchyard/db/transport/identity/identity-users';
import type { Database } from '@switchyard/db/orm';
import { newUserInput } from '@switchyard/domain/transport/tenants/tenant-input';
import type { Env } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { createBuiltinUser } from './builtin-users.ts';

export type BootstrapOutcome = 'created' | 'exists' | 'skipped';

/**
 * With BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD, a fresh installation gets its first
 * platform administrator in the built-in provider. An existing user of that email is left as it is
 * (its password is never reset from the environment).
 */
export const ensureBootstrapAdmin = async (options: { env: Env; db: Database; logger: Logger }): Promise<BootstrapOutcome> => {
  const { env, logger } = options;
  const email = env.BOOTSTRAP_ADMIN_EMAIL;
  const password = env.BOOTSTRAP_ADMIN_PASSWORD;
  if (!email && !password) {
    return 'skipped';
  }
  if (!email || !password) {
    throw new Error('BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set together');
  }
  if (env.IDENTITY_URL) {
    logger.warn('BOOTSTRAP_ADMIN_EMAIL is ignored: IDENTITY_URL is set, so administrators are made in that identity provider');

    return 'skipped';
  }
  const checked = newUserInput.safeParse({ email, password, role: 'platform_admin' });
  if (!checked.success) {
    throw new Error(`BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD: ${checked.error.issues[0]?.message ?? 'invalid'}`);
  }
  const em = options.db.fork();
  if (await findIdentityUserByEmail(em, checked.data.email)) {
    return 'exists';
  }
  const created = await createBuiltinUser(em, {
    email: checked.data.email,
    password,
    appMetadata: { role: 'platform_admin' },
    at: new Date(),
  });
  if (!created) {
    return 'exists';
  }
  logger.info({ email: created.email }, 'created the bootstrap platform administrator');

  return 'created';
};
