import { parseRouteEntry, type WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { loadGatewaySettings, type GatewaySettings } from '../webhooks/gateway/gateway-config.ts';
import { readSubscriptions } from '../webhooks/gateway/subscriptions-file.ts';
import { switchyardHome, type SwitchyardHome } from '../webhooks/gateway/switchyard-home.ts';
import { CliError, type CliContext } from './cli-context.ts';

export const NOT_ENABLED_MESSAGE =
  'the webhook platform is not enabled: run "switchyard gateway setup", or set platforms.webhook.enabled: true in config.yaml, or WEBHOOK_ENABLED=true; then start the receiver with "switchyard gateway run"';

/** Settings of an enabled webhook platform; every webhook command that changes or needs routes starts here. */
export const requireEnabledPlatform = (context: CliContext): { home: SwitchyardHome; settings: GatewaySettings } => {
  const home = switchyardHome(context.env.SWITCHYARD_HOME);
  const settings = loadGatewaySettings(home.configFile, context.env);
  if (!settings.enabled) {
    throw new CliError(NOT_ENABLED_MESSAGE);
  }

  return { home, settings };
};

export const displayHost = (host: string): string => {
  if (host === '0.0.0.0' || host === '::' || host === '') {
    return 'localhost';
  }

  return host.includes(':') ? `[${host}]` : host;
};

/** The URL a sender is given: PUBLIC_WEBHOOK_BASE (e.g. a tunnel) or the receiver's own address. */
export const webhookUrl = (context: CliContext, settings: GatewaySettings, name: string): string => {
  const base = context.env.PUBLIC_WEBHOOK_BASE ?? `http://${displayHost(settings.host)}:${settings.port}`;

  return `${base.replace(/\/+$/, '')}/webhooks/${name}`;
};

/** The routes of config.yaml and the subscriptions file (static ones win), with what could not be read. */
export const readConfiguredRoutes = (
  context: CliContext,
): { home: SwitchyardHome; settings: GatewaySettings; routes: WebhookRoute[]; problems: string[] } => {
  const { home, settings } = requireEnabledPlatform(context);
  const routes: WebhookRoute[] = [...settings.staticRoutes];
  const problems = [...settings.problems];
  for (const [name, entry] of Object.entries(readSubscriptions(home.subscriptionsFile))) {
    const parsed = parseRouteEntry(name, entry, 'subscription');
    if (!parsed.ok) {
      problems.push(parsed.problem);
    } else if (!routes.some((route) => route.name === name)) {
      routes.push(parsed.route);
    }
  }

  return { home, settings, routes, problems };
};

/** The named route, or a one-line error naming where the routes are listed. */
export const requireServedRoute = (context: CliContext, name: string): WebhookRoute => {
  const route = readConfiguredRoutes(context).routes.find((candidate) => candidate.name === name);
  if (route === undefined) {
    throw new CliError(`no webhook route named "${name}" (see switchyard webhook list)`);
  }

  return route;
};
