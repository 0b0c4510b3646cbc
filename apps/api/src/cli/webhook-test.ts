import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { parseRouteEntry } from '@switchyard/domain/webhooks/route-definition';
import { githubSignature } from '@switchyard/domain/webhooks/verify-signature';
import { readGatewayRuntime } from '../webhooks/gateway/gateway-runtime-file.ts';
import { readSubscriptions } from '../webhooks/gateway/subscriptions-file.ts';
import { CliError, CliExit, type CliContext } from './cli-context.ts';
import { withExamples } from './help-examples.ts';
import { webhookOperation } from './webhook-database.ts';
import { displayHost, requireEnabledPlatform } from './webhook-platform.ts';

const DEFAULT_PAYLOAD = { test: true, event_type: 'test', message: 'Hello from switchyard webhook test' };
/** Exit code when the event was accepted but its delivery had not finished within --wait. */
export const EXIT_PENDING = 2;

type TestOptions = { event: string; payload?: string; header: string[]; wait: string };

const parseHeaders = (values: readonly string[]): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    const name = colon > 0 ? value.slice(0, colon).trim() : '';
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
      throw new CliError(`--header "${value}" is not Name:value`);
    }
    headers[name.toLowerCase()] = value.slice(colon + 1).trim();
  }

  return headers;
};

const waitForOutcome = async (context: CliContext, id: string, waitMs: number) => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const delivery = await webhookOperation(context, 'delivery', { id });
    if (delivery !== null && (delivery.status === 'delivered' || delivery.status === 'failed')) {
      return delivery;
    }
    if (Date.now() >= deadline) {
      return delivery;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/**
 * Signs like GitHub (X-Hub-Signature-256 with the route's secret, which every route accepts
 * whatever scheme its real sender uses) and names the event in X-GitHub-Event, so `--events`
 * filters see it as they would a real event.
 */
const sendTest = async (context: CliContext, name: string, options: TestOptions): Promise<void> => {
  const { home, settings } = requireEnabledPlatform(context);
  const entry = readSubscriptions(home.subscriptionsFile)[name];
  const parsed = entry === undefined ? undefined : parseRouteEntry(name, entry, 'subscription');
  const route = settings.staticRoutes.find((candidate) => candidate.name === name) ?? (parsed?.ok ? parsed.route : undefined);
  if (route === undefined) {
    throw new CliError(`no webhook route named "${name}"`);
  }
  const waitSeconds = Number(options.wait);
  if (!Number.isFinite(waitSeconds) || waitSeconds < 0 || waitSeconds > 3600) {
    throw new CliError('--wait must be a number of seconds from 0 to 3600');
  }
  let body = JSON.stringify(DEFAULT_PAYLOAD);
  if (options.payload !== undefined) {
    try {
      body = JSON.stringify(JSON.parse(options.payload));
    } catch {
      throw new CliError('--payload is not valid JSON');
    }
  }
  const extraHeaders = parseHeaders(options.header);
  const secret = route.secret ?? settings.secret;
  if (secret === undefined) {
    throw new CliError(`route "${name}" has no secret`);
  }
  // The running receiver's own address (its real port), else the configured one.
  const base = readGatewayRuntime(home.runtimeFile)?.url ?? `http://${displayHost(settings.host)}:${settings.port}`;
  const url = `${base}/webhooks/${name}`;
  context.out(`Sending test POST to ${url} (event "${options.event}")`);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': options.event,
        // A fresh delivery id, so that sending the same test twice is not answered as a duplicate.
        'x-github-delivery': randomUUID(),
        ...extraHeaders,
        'x-hub-signature-256': githubSignature(secret, body),
      },
      body,
      signal: AbortSignal.timeout(context.env.WEBHOOK_HTTP_TIMEOUT_MS + context.env.WEBHOOK_INFLIGHT_WAIT_MS),
    });
  } catch {
    throw new CliError(`the receiver at ${base} did not answer; is it running? (switchyard gateway run)`);
  }
  const text = await response.text();
  context.out(`Response (${response.status}): ${text}`);
  let answer: { status?: string; reason?: string; detail?: string; delivery_id?: string } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // Not JSON: judged by its status alone.
  }
  if (response.status >= 400 && response.status !== 502) {
    throw new CliError(`the receiver refused the event with HTTP ${response.status}`);
  }
  if (answer.status === 'ignored' || answer.status === 'duplicate') {
    const why = answer.status === 'ignored' ? `ignored (${[answer.reason, answer.detail].filter(Boolean).join(': ')})` : 'a duplicate';
    // The route filters events and this one is not among them: name the ones it takes.
    const hint =
      answer.status === 'ignored' && answer.reason === 'event' && route.events.length > 0
        ? `; "${name}" takes only ${route.events.join(', ')}: add --event ${route.events[0] ?? ''}`
        : '';
    throw new CliError(`the route did not act on the event: it was ${why}${hint}`);
  }
  if (response.status === 502) {
    throw new CliError('the direct delivery failed (the receiver answered 502)');
  }
  if (answer.status === 'delivered') {
    context.out('Outcome: delivered');

    return;
  }
  if (response.status !== 202 || answer.delivery_id === undefined) {
    throw new CliError(`unexpected answer from the receiver (HTTP ${response.status})`);
  }
  const delivery = await waitForOutcome(context, answer.delivery_id, waitSeconds * 1000);
  if (delivery?.status === 'delivered') {
    context.out(`Outcome: delivered${delivery.resultRef ? ` (${delivery.resultRef})` : ''}`);

    return;
  }
  if (delivery?.status === 'failed') {
    throw new CliError(`the delivery failed: ${delivery.lastError ?? 'no reason recorded'}`);
  }
  context.out(
    `Outcome: still ${delivery?.status ?? 'unknown'} after ${waitSeconds} s; follow it with: switchyard webhook deliveries ${name}`,
  );
  throw new CliExit(EXIT_PENDING);
};

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export const registerWebhookTest = (group: Command, context: CliContext): void => {
  const command = group
    .command('test')
    .description(
      "send a signed test event to a route of the running receiver, print its answer and the delivery's outcome; " +
        `exits 1 when the event is refused, ignored or its delivery fails, ${EXIT_PENDING} when it has not finished within --wait`,
    )
    .argument('<name>', 'route name')
    .option('--event <name>', 'event name, sent as X-GitHub-Event', 'test')
    .option('--payload <json>', 'JSON payload to send instead of the default test payload')
    .option('--header <name:value>', 'extra request header (repeatable)', collect, [])
    .option('--wait <seconds>', "how long to wait for the delivery's outcome", '30')
    .action((name: string, options: TestOptions) => sendTest(context, name, options));
  withExamples(command, [
    'switchyard webhook test github-issues --event issues --payload \'{"action":"opened","issue":{"number":7}}\'',
    'switchyard webhook test alerts --header X-Request-ID:abc123 --wait 60',
  ]);
};
