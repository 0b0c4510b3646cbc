import { Command } from 'commander';
import type { CliContext } from './cli-context.ts';
import { registerBackup } from './backup.ts';
import { registerGatewayRun } from './gateway-run.ts';
import { registerGatewaySetup } from './gateway-setup.ts';
import { registerRestore } from './restore.ts';
import { registerTenantAdd } from './tenant-add.ts';
import { registerUserAdd } from './user-add.ts';
import { registerClaimsStaffAdd } from './claims-staff-add.ts';
import { registerClaimsEraseClient, registerTransportEraseHousehold } from './erasure.ts';
import { registerTenantImport } from './tenant-import-command.ts';
import { registerWebhookDeliveries } from './webhook-deliveries.ts';
import { registerWebhookList } from './webhook-list.ts';
import { registerWebhookRemove } from './webhook-remove.ts';
import { registerWebhookErase } from './webhook-erase.ts';
import { registerWebhookReplay } from './webhook-replay.ts';
import { registerWebhookPause } from './webhook-pause.ts';
import { registerWebhookResume } from './webhook-resume.ts';
import { registerWebhookSubscribe, registerWebhookUpdate } from './webhook-subscribe.ts';
import { withExamples } from './help-examples.ts';
import { registerWebhookTest } from './webhook-test.ts';
// A JSON import, so the compiled CLI carries its version instead of looking for the file beside it.
import apiPackage from '../../package.json' with { type: 'json' };

const CLI_VERSION = apiPackage.version;

/** The switchyard command tree. Each service adds its own command group here. */
export const buildProgram = (context: CliContext): Command => {
  const program = new Command('switchyard')
    .description('switchyard command line')
    .version(CLI_VERSION, '-V, --version', 'print the version')
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (text) => context.out(text.trimEnd()), writeErr: (text) => context.err(text.trimEnd()) });

  const webhook = program.command('webhook').description('manage webhook subscriptions and inspect deliveries');
  registerWebhookSubscribe(webhook, context);
  registerWebhookUpdate(webhook, context);
  registerWebhookList(webhook, context);
  registerWebhookRemove(webhook, context);
  registerWebhookTest(webhook, context);
  registerWebhookDeliveries(webhook, context);
  registerWebhookReplay(webhook, context);
  registerWebhookPause(webhook, context);
  registerWebhookResume(webhook, context);
  registerWebhookErase(webhook, context);
  withExamples(webhook, [
    'switchyard webhook subscribe github-issues --events issues --prompt "Triage: {issue.title}"',
    'switchyard webhook test github-issues --event issues',
    'switchyard webhook deliveries --status failed --since 1d',
    'switchyard webhook replay github-issues --failed',
  ]);

  const gateway = program.command('gateway').description('set up and run the webhook receiver');
  registerGatewaySetup(gateway, context);
  registerGatewayRun(gateway, context);
  withExamples(gateway, ['switchyard gateway setup', 'switchyard gateway run']);

  // The transport service's tenant commands attach to this one group.
  const tenant = program.command('tenant').description('manage transport tenants and their data');
  registerTenantAdd(tenant, context);
  registerTenantImport(tenant, context);

  const claims = program.command('claims').description('manage the claims service');
  const claimsStaff = claims.command('staff').description('manage named staff members of the claims console');
  registerClaimsStaffAdd(claimsStaff, context);
  withExamples(claimsStaff, ['switchyard claims staff add rita@agency.example --name "Rita Ross" --admin']);
  registerClaimsEraseClient(claims, context);

  const transport = program.command('transport').description("manage the transport service's personal data");
  registerTransportEraseHousehold(transport, context);

  registerUserAdd(program.command('user').description('manage users of the built-in identity provider'), context);

  registerBackup(program, context, CLI_VERSION);
  registerRestore(program, context);

  return program;
};
