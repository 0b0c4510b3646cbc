import { statSync } from 'node:fs';
import { parseRouteEntry, type WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { resolveScriptPath } from '@switchyard/domain/webhooks/script-path';
import type { Logger } from '../logger.ts';
import { readStaticRoutes } from './gateway-config.ts';
import type { SwitchyardHome } from './switchyard-home.ts';
import { readSubscriptions } from './subscriptions-file.ts';

/** Identifies a file version: an atomic rename changes the inode even within one mtime tick. */
const fileVersion = (path: string): string => {
  const stats = statSync(path, { throwIfNoEntry: false });

  return stats === undefined ? 'absent' : `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
};

/**
 * The routes the receiver serves. Both files are checked before a request is routed and re-read
 * only when they changed, so a subscription added by the CLI is served on the next request, no
 * restart. Static routes (config.yaml) win over subscriptions of the same name.
 *
 * The check runs at most once per turn of the event loop: the requests of one turn were read off
 * their sockets together, after the turn began, so a file written before any of them was sent is
 * already visible to the first check of the turn. Under load this saves two stat calls per request.
 */
export class RouteTable {
  private routes = new Map<string, WebhookRoute>();
  private versions = { config: '', subscriptions: '' };
  private checkedThisTurn = false;
  private readonly endTurn = () => {
    this.checkedThisTurn = false;
  };

  constructor(
    private readonly home: SwitchyardHome,
    private readonly globalSecret: string | undefined,
    private readonly logger: Logger,
  ) {}

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
      this.routes = this.load();
      this.versions = versions;
    } catch (error) {
      // A half-edited file keeps the routes that worked; the next change is tried again.
      this.versions = versions;
      this.logger.error({ err: (error as Error).message }, 'webhook routes not reloaded');
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

  private load(): Map<string, WebhookRoute> {
    const routes = new Map<string, WebhookRoute>();
    const problems: string[] = [];
    const statics = readStaticRoutes(this.home.configFile, this.globalSecret);
    problems.push(...statics.problems);
    for (const route of statics.routes) {
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
      } else if (parsed.route.secret === undefined && this.globalSecret === undefined) {
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
    this.logger.info({ routes: routes.size }, 'webhook routes loaded');

    return routes;
  }
}
