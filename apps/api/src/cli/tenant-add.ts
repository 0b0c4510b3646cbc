import type { Command } from 'commander';
import { newTenantInput } from '@switchyard/domain/transport/tenants/tenant-input';
import { CliError, type CliContext } from './cli-context.ts';
import { parseCliInput } from './cli-input.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

type TenantAddOptions = { name: string; tier?: string; domain?: string; theme?: string };

const addTenant = async (context: CliContext, slug: string, options: TenantAddOptions) => {
  const input = parseCliInput(newTenantInput, { slug, ...options });
  const { findTenant, findTenantByDomain } = await import('@switchyard/db/transport/tenants');
  const { insertTenant } = await import('@switchyard/db/transport/tenants/tenant-admin');
  const db = await openDatabaseQuietly(context.env);
  try {
    const em = db.fork();
    if (await findTenant(em, input.slug)) {
      throw new CliError(`tenant "${input.slug}" already exists`);
    }
    if (input.domain && (await findTenantByDomain(em, input.domain))) {
      throw new CliError(`domain ${input.domain} already belongs to another tenant`);
    }
    const created = await insertTenant(em, {
      id: input.slug,
      name: input.name,
      tier: input.tier,
      theme: input.theme ?? {},
      domain: input.domain ?? null,
      at: new Date(),
    });
    if (!created) {
      throw new CliError(`tenant "${input.slug}" or domain ${input.domain ?? ''} was taken meanwhile`);
    }
    context.out(`Added tenant ${created.id}: ${created.name} (${created.tier})${created.domain ? ` at ${created.domain}` : ''}`);
  } finally {
    await db.close();
  }
};

export const registerTenantAdd = (group: Command, context: CliContext): void => {
  group
    .command('add')
    .description('add a transport tenant (an operator with its own routes, buses and families)')
    .argument('<slug>', 'tenant id: lower-case letters, digits and -')
    .requiredOption('--name <name>', 'display name')
    .option('--tier <tier>', 'starter, standard or enterprise (default starter)')
    .option('--domain <host>', 'host name that serves this tenant')
    .option('--theme <json>', 'theme as a JSON object, e.g. \'{"primary_color":"#1d4ed8"}\'')
    .action((slug: string, options: TenantAddOptions) => addTenant(context, slug, options));
};
