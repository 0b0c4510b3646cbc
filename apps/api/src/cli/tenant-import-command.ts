import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describeImportProblem, tenantImportFile } from '@switchyard/domain/transport/operations/tenant-import';
import { CliError, type CliContext } from './cli-context.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

const readImportFile = (path: string) => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = tenantImportFile.safeParse(raw);
  if (!parsed.success) {
    throw new CliError(`${path}: ${describeImportProblem(parsed.error)}`);
  }

  return parsed.data;
};

/** The driver's own reason, without the statement text MikroORM puts in front of it. */
const databaseReason = (error: unknown): string => {
  const message = (error instanceof Error ? error.message : String(error)).split(/\s+(?:-\s+)?detail:/i)[0] ?? '';

  return (message.split(' - ').pop() ?? message).replace(/\s+/g, ' ').trim();
};

const importTenant = async (context: CliContext, slug: string, path: string): Promise<void> => {
  // The file is checked before the database is opened: a bad file costs nothing and changes nothing.
  const file = readImportFile(path);
  const db = await openDatabaseQuietly(context.env);
  try {
    const { findTenant } = await import('@switchyard/db/transport/tenants');
    const { importOperations } = await import('@switchyard/db/transport/operations/import-operations');
    const { checkRiders } = await import('../transport/live/check-riders.ts');
    const { DomainError } = await import('@switchyard/domain/errors');
    const em = db.fork();
    if (!(await findTenant(em, slug))) {
      throw new CliError(`tenant "${slug}" not found (create it first with: switchyard tenant add ${slug} --name <name>)`);
    }
    let counts;
    try {
      // Riders are held to the same rules as on POST /api/routes: children of the tenant, one stop per direction, runs the child rides and routes that serve its school (no override in a file).
      counts = await importOperations(em, slug, file, new Date(), async (tx, routeId, route) => {
        await checkRiders(tx, slug, route, routeId, {
          overridden: false,
          hint: 'A file cannot override; place them through PUT /api/routes/{route_id} with an override.',
        });
      });
    } catch (error) {
      if (error instanceof DomainError) {
        throw new CliError(`the import was refused, nothing was written: ${error.message}`);
      }
      throw new CliError(`the database refused the import, nothing was written: ${databaseReason(error)}`);
    }
    context.out(`Imported into ${slug}: ${counts.schools} schools, ${counts.buses} buses, ${counts.routes} routes (${counts.stops} stops)`);
  } finally {
    await db.close();
  }
};

export const registerTenantImport = (group: Command, context: CliContext): void => {
  group
    .command('import')
    .description(
      'import schools, buses and routes with stops into an existing tenant from a JSON file (all or nothing; see docs/transport.md)',
    )
    .argument('<slug>', 'tenant id')
    .argument('<file>', 'JSON file: {"schools": [...], "buses": [...], "routes": [...]}')
    .action((slug: string, file: string) => importTenant(context, slug, file));
};
