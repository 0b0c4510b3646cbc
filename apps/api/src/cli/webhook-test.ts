import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { parseRouteEntry } from '@switchyard/domain/webhooks/route-definition';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { readGatewayRuntime } from '../webhooks/gateway-runtime-file.ts';
import { readSubscriptions } from '../webhooks/subscriptions-file.ts';
import { CliError, type CliContext } from './cli-context.ts';
import { displayHost, requireEnabledPlatform } from './webhook-platform.ts';

const DEFAULT_PAYLOAD = { test: true, event_type: 'test', message: 'Hello from switchyard webhook test' };

const sendTest = async (context: CliContext, name: string, options: { payload?: string }): Promise<void> => {
  const { home, settings } = requireEnabledPlatform(context);
  const entry = readSubscriptions(home.subscriptionsFile)[name];
  const parsed = entry === undefined ? undefined : parseRouteEntry(name, entry, 'subscription');
  const route =
    settings.staticRoutes.find((candidate) => candidate.name === name) ?? (parsed?.ok ? parsed.route : undefined);
  if (route === undefined) {
    throw new CliError(`no webhook route named "${name}"`);
  }
  let body = JSON.stringify(DEFAULT_PAYLOAD);
  if (options.payload !== undefined) {
    try {
      body = JSON.stringify(JSON.parse(options.payload));
    } catch {
      throw new CliError('--payload is not valid JSON');
    }
  }
  const secret = route.secret ?? settings.secret;
  if (secret === undefined) {
    throw new CliError(`route "${name}" has no secret`);
  }
  // The running receiver's own address (its real port), else the configured one.
  const base = readGatewayRuntime(home.runtimeFile)?.url ?? `http://${displayHost(settings.host)}:${settings.port}`;
  const url = `${base}/webhooks/${name}`;
  context.out(`Sending test POST to ${url}`);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'test',
        // A fresh delivery id, so that sending the same test twice is not answered as a duplicate.
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': githubSignature(secret, body),
      },
      body,
      signal: AbortSignal.timeout(context.env.WEBHOOK_HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new CliError(`the receiver at ${base} did not answer; is it running? (switchyard gateway run)`);
  }
  const text = await response.text();
  context.out(`Response (${response.status}): ${text}`);
  if (response.status >= 400) {
    throw new CliError(`the receiver refused the test event with HTTP ${response.status}`);
  }
};

export const registerWebhookTest = (group: Command, context: CliContext): void => {
  group
    .command('test')
    .description('send a signed test event (GitHub style, event "test") to a route of the running receiver')
    .argument('<name>', 'route name')
    .option('--payload <json>', 'JSON payload to send instead of the default test payload')
    .action((name: string, options: { payload?: string }) => sendTest(context, name, options));
};
