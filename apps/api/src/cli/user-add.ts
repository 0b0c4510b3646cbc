import type { Command } from 'commander';
import { newUserInput } from '@switchyard/domain/transport/tenants/tenant-input';
import { CliError, type CliContext } from './cli-context.ts';
import { parseCliInput } from './cli-input.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

type UserAddOptions = { email: string; password: string; role: string; tenant?: string };

/** Writes to the built-in identity provider's tables; role and tenant go to app metadata. */
const addUser = async (context: CliContext, options: UserAddOptions) => {
  const input = parseCliInput(newUserInput, options);
  if (context.env.IDENTITY_URL) {
    context.err(`note: IDENTITY_URL is set, so the service signs users in at ${context.env.IDENTITY_URL}, not with this user`);
  }
  const { findTenant } = await import('@switchyard/db/transport/tenants');
  const { createBuiltinUser } = await import('../transport/identity/builtin-users.ts');
  const db = await openDatabaseQuietly(context.env);
  try {
    const em = db.fork();
    if (input.tenant && !(await findTenant(em, input.tenant))) {
      throw new CliError(`no tenant "${input.tenant}" (add it first: switchyard tenant add ${input.tenant} --name ...)`);
    }
    const appMetadata = { role: input.role, ...(input.tenant ? { tenant_id: input.tenant } : {}) };
    const created = await createBuiltinUser(em, { email: input.email, password: input.password, appMetadata, at: new Date() });
    if (!created) {
      throw new CliError(`a user with the email ${input.email} already exists`);
    }
    context.out(`Added user ${created.email} (${input.role}${input.tenant ? ` of ${input.tenant}` : ''}) id ${created.id}`);
  } finally {
    await db.close();
  }
};

export const registerUserAdd = (group: Command, context: CliContext): void => {
  group
    .command('add')
    .description('add a user to the built-in identity provider (used when IDENTITY_URL is unset)')
    .requiredOption('--email <email>', 'sign-in email')
    .requiredOption('--password <password>', 'sign-in password (at least 6 characters)')
    .requiredOption('--role <role>', 'parent, operator, admin or platform_admin')
    .option('--tenant <slug>', 'the tenant the user belongs to (required for parent and operator)')
    .action((options: UserAddOptions) => addUser(context, options));
};
