import type { Command } from 'commander';
import { pageLink } from '@switchyard/domain/claims/sign-in-link';
import { staffMemberAddInput } from '@switchyard/domain/claims/staff-members';
import { CliError, type CliContext } from './cli-context.ts';
import { parseCliInput } from './cli-input.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

type StaffAddOptions = { name: string; admin?: boolean };

/** Invites a named member of the claims team; they sign in at /staff with a mailed link. */
const addStaff = async (context: CliContext, email: string, options: StaffAddOptions) => {
  const input = parseCliInput(staffMemberAddInput, { email, name: options.name, is_admin: options.admin === true });
  const { addStaffMemberAudited } = await import('@switchyard/db/claims/staff-member-changes');
  const db = await openDatabaseQuietly(context.env);
  try {
    const added = await addStaffMemberAudited(db.em, {
      email: input.email,
      name: input.name,
      isAdmin: input.is_admin,
      actor: 'command line',
      now: new Date(),
    });
    if (!added) {
      throw new CliError(`a staff member with the email ${input.email} already exists`);
    }
    context.out(`Added staff member ${added.name} <${added.email}>${added.is_admin ? ' (administrator)' : ''} id ${added.id}`);
    context.out(`They sign in at ${pageLink(context.env.PORTAL_URL, '/staff')} with their email address.`);
  } finally {
    await db.close();
  }
};

export const registerClaimsStaffAdd = (group: Command, context: CliContext): void => {
  group
    .command('add')
    .description('add a named member of the claims team (signs in by a mailed link)')
    .argument('<email>', 'sign-in email')
    .requiredOption('--name <name>', 'full name, shown on notes and in the audit trail')
    .option('--admin', 'may invite and deactivate other staff members')
    .action((email: string, options: StaffAddOptions) => addStaff(context, email, options));
};
