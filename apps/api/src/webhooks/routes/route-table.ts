import { statSync } from 'node:fs';
import { parseRouteEntry, type WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { resolveScriptPath } from '@switchyard/domain/webhooks/script-path';
import type { Logger } from '../../logger.ts';
import { loadGatewaySettings, type GatewaySettings } from '../gateway/gateway-config.ts';
import type { SwitchyardHome } from '../gateway/switchyard-home.ts';
import { readSubscriptions } from '../gateway/subscriptions-file.ts';
import type { WebhookServiceEnv } from '../webhook-env.ts';

/** Identifies a file version: an atomic rename changes the inode even within one mtime tick. */
const fileVersion = (path: string): string => {
  const stats = statSync(path, { throwIfNoEntry: false });

  return stats === undefined ? 'absent' : `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
};

/**
 * The global settings a request is handled with. Where and whether the receiver listens (host,
 * port, enabled) is not among them: the listening socket is opened once, at start.
 */
export type RequestSettings = Pick<GatewaySettings, 'secret' | 'rateLimitPerMinute' | 'maxBodyBytes'>;

const requestSettingsOf = (settings: GatewaySettings): RequestSettings => ({
  secret: settings.secret,
  rateLimitPerMinute: settings.rateLimitPerMinute,
  maxBodyBytes: settings.maxBodyBytes,
});

/**
 * The routes the receiver serves, and the global settings of config.yaml they are served with.
 * Both files are checked before a request is routed and re-read only when they changed, so a
 * subscription added by the CLI, or a new global secret, rate limit or body limit, applies from
 * the next request, no restart. Static routes (config.yaml) win over subscriptions of the same name.
 *
 * The check runs at most once per turn of the event loop: the requests of one turn were read off
 * their sockets together, after the turn began, so a file written before any of them was sent is
 * already visible to the first check of the turn. Under load this saves two stat calls per request.
 */
export class RouteTable {
  private routes = new Map<string, WebhookRoute>();
  private current: RequestSettings;
  private versions = { config: '', subscriptions: '' };
  private checkedThisTurn = false;
  private readonly endTurn = () => {
    this.checkedThisTurn = false;
  };

  constructor(
    private readonly home: SwitchyardHome,
    private readonly env: WebhookServiceEnv,
    private readonly logger: Logger,
    initial: GatewaySettings,
  ) {
    this.current = requestSettingsOf(initial);
  }

  /** The global settings as of the last check: read them after lookup(), which checks. */
  get settings(): RequestSettings {
    return this.current;
  }

  lookup(name: string): WebhookRoute | undefined {
    this.refreshIfChanged();

    return this.routes.get(name);
  }

  all(): WebhookRoute[] {
    this.refreshIfChanged();

    return [...this.routes.values()];
  }

  private refreshIfChanged(): void {
    if (this.checkedThisTurn) {
      return;
    }
    this.checkedThisTurn = true;
    setImmediate(this.endTurn);
    const versions = {
      config: fileVersion(this.home.configFile),
      subscriptions: fileVersion(this.home.subscriptionsFile),
    };
    if (versions.config === this.versions.config && versions.subscriptions === this.versions.subscriptions) {
      return;
    }
    try {
      const loaded = this.load();
      this.routes = loaded.routes;
      this.current = loaded.settings;
      this.versions = versions;
    } catch (error) {
      // A half-edited file keeps the routes and settings that worked; the next change is tried again.
      this.versions = versions;
      this.logger.error({ err: (error as Error).message }, 'webhook routes and settings not reloaded');
    }
  }

  /** A route whose script would lie outside the scripts directory is never served. */
  private scriptProblem(route: WebhookRoute): string | null {
    if (route.script === undefined) {
      return null;
    }
    const resolved = resolveScriptPath(this.home.scriptsDir, route.script);

    return resolved.ok ? null : `route "${route.name}": ${resolved.problem}`;
  }

  private load(): { routes: Map<string, WebhookRoute>; settings: RequestSettings } {
    const routes = new Map<string, WebhookRoute>();
    const problems: string[] = [];
    const gateway = loadGatewaySettings(this.home.configFile, this.env);
    const settings = requestSettingsOf(gateway);
    problems.push(...gateway.problems);
    for (const route of gateway.staticRoutes) {
      const scriptProblem = this.scriptProblem(route);
      if (scriptProblem === null) {
        routes.set(route.name, route);
      } else {
        problems.push(scriptProblem);
      }
    }
    for (const [name, entry] of Object.entries(readSubscriptions(this.home.subscriptionsFile))) {
      if (routes.has(name)) {
        problems.push(`subscription "${name}" is shadowed by the static route of the same name in config.yaml`);
        continue;
      }
      const parsed = parseRouteEntry(name, entry, 'subscription');
      if (!parsed.ok) {
        problems.push(parsed.problem);
      } else if (parsed.route.secret === undefined && settings.secret === undefined) {
        problems.push(`subscription "${name}" has no secret`);
      } else if (this.scriptProblem(parsed.route) !== null) {
        problems.push(this.scriptProblem(parsed.route) ?? '');
      } else {
        routes.set(name, parsed.route);
      }
    }
    for (const problem of problems) {
      this.logger.warn({ problem }, 'webhook route skipped');
    }
    this.logger.info(
      { routes: routes.size, rate_limit: settings.rateLimitPerMinute, max_body_bytes: settings.maxBodyBytes },
      'webhook routes loaded',
    );
    if (settings.secret !== this.current.secret) {
      this.logger.info('webhook global secret changed');
    }

    return { routes, settings };
  }
}
