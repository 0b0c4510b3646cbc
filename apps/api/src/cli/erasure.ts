import type { Command } from 'commander';
import { clientErasureBlockers, decideErasure, householdErasureBlockers } from '@switchyard/domain/retention/retention-rules';
import type { Database } from '@switchyard/db/orm';
import { CliError, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { openDatabaseQuietly } from './open-database-quietly.ts';

type EraseOptions = { force?: boolean; reason?: string };

/** Who the audit rows name as having erased. */
const ACTOR = 'command line';

const withDatabase = async <T>(context: CliContext, work: (db: Database) => Promise<T>): Promise<T> => {
  const db = await openDatabaseQuietly(context.env);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
};

/** Decides before anything is changed; a refusal changes nothing. */
const decide = (subject: string, blockers: string[], options: EraseOptions) => {
  const decision = decideErasure(subject, blockers, { force: options.force === true, reason: options.reason ?? null });
  if (decision.kind === 'refused') {
    throw new CliError(decision.message);
  }

  return decision;
};

const eraseClientCommand = (context: CliContext, email: string, options: EraseOptions) =>
  withDatabase(context, async (db) => {
    const { eraseClient, findClientForErasure } = await import('@switchyard/db/claims/client-erasure');
    const client = await findClientForErasure(db.em, email.trim());
    if (!client) {
      throw new CliError(`no claims client has the email ${email.trim()}`);
    }
    const decision = decide(`client ${client.clientNumber} has open claims`, clientErasureBlockers(client.claims), options);
    const erased = await eraseClient(db.em, {
      clientId: client.id,
      actor: ACTOR,
      forced: decision.forced,
      reason: decision.reason,
      now: new Date(),
    });
    // The rows are gone first: bytes whose removal fails are named by nothing, and the sweep of
    // interrupted uploads removes them.
    const { createDocumentStore } = await import('../claims/document-store/create-document-store.ts');
    const store = createDocumentStore(context.env);
    let failed = 0;
    for (const name of erased.storageNames) {
      await store.remove(name).catch(() => (failed += 1));
    }
    context.out(
      `Erased client ${client.clientNumber}: personal fields of ${erased.claims} claims and ${erased.notes} notes replaced, ${erased.storageNames.length} documents deleted${decision.forced ? ' (forced)' : ''}.`,
    );
    if (failed > 0) {
      context.err(
        `${failed} document files could not be removed from ${store.location} now; no row names them, and the upload sweep removes them.`,
      );
    }
  });

const eraseHouseholdCommand = (context: CliContext, householdId: string, options: EraseOptions) =>
  withDatabase(context, async (db) => {
    const { eraseHousehold, findHouseholdForErasure } = await import('@switchyard/db/transport/billing/household-erasure');
    const household = await findHouseholdForErasure(db.em, householdId.trim());
    if (!household) {
      throw new CliError(`no household has the id ${householdId.trim()}`);
    }
    const decision = decide(`household ${household.id} has unpaid invoices`, householdErasureBlockers(household.invoices), options);
    const erased = await eraseHousehold(db.em, {
      householdId: household.id,
      tenantId: household.tenantId,
      actor: ACTOR,
      forced: decision.forced,
      reason: decision.reason,
      now: new Date(),
    });
    context.out(
      `Erased household ${household.id} of ${household.tenantId}: ${erased.payers} payers, ${erased.children} children and ${erased.registrations} registrations${decision.forced ? ' (forced)' : ''}; invoices and payments kept.`,
    );
  });

const erasureOptions = (command: Command): Command =>
  command
    .option('--force', 'erase even with open business (open claims, unpaid invoices); needs --reason')
    .option('--reason <text>', 'why; kept on the audit row (required with --force)');

export const registerClaimsEraseClient = (group: Command, context: CliContext): void => {
  const command = erasureOptions(
    group
      .command('erase-client')
      .description("replace a client's personal data with a marker and delete its documents; numbers and amounts stay")
      .argument('<email>', "the client's email"),
  ).action((email: string, options: EraseOptions) => eraseClientCommand(context, email, options));
  withExamples(command, [
    'switchyard claims erase-client ana@example.com',
    'switchyard claims erase-client ana@example.com --force --reason "court order 2027-114"',
  ]);
};

export const registerTransportEraseHousehold = (group: Command, context: CliContext): void => {
  const command = erasureOptions(
    group
      .command('erase-household')
      .description("replace a household's personal data (names, contacts, address) with a marker; invoices and payments stay")
      .argument('<id>', "the household's id"),
  ).action((id: string, options: EraseOptions) => eraseHouseholdCommand(context, id, options));
  withExamples(command, [
    'switchyard transport erase-household hh_123',
    'switchyard transport erase-household hh_123 --force --reason "written request of 2027-03-02"',
  ]);
};
