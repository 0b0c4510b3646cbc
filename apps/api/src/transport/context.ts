import type { IncomingMessage } from 'node:http';
import type { RestTransport } from '@switchyard/rest-adapter/create-rest-handler';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Database } from '@switchyard/db/orm';
import type { RequestTenantHints } from '@switchyard/domain/transport/tenant-resolution';
import type { Env } from '../env.ts';
import { clientAddress } from '../http/client-address.ts';
import type { Logger } from '../logger.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { IdentityClient } from './identity/identity-client.ts';
import type { LiveHub } from './live/live-hub.ts';
import type { Geocoder } from './operations/geocode/geocoder.ts';

/** Long-lived things every transport request shares. */
export type TransportServices = {
  env: Env;
  db: Database;
  logger: Logger;
  mail: MailTransport;
  identity: IdentityClient;
  /** The key admin calls to the identity provider carry (generated for the built-in provider). */
  identityServiceKey: string;
  now: () => Date;
  /** Live bus positions: the feed between processes and the open viewer streams. */
  live: LiveHub;
  /** Tells the mail outbox worker that a mail was just written (late notices). */
  wakeMail: () => void;
  /** Address search, one provider call a second for the whole process; null when GEOCODER_URL is off. */
  geocoder: Geocoder | null;
};

export type TransportContext = TransportServices & {
  /**
   * The request's entity manager, forked once here: the procedure and its middlewares (tenant
   * check, rate limits) share one identity map. Transactions fork again in the repositories, so
   * they start from an empty map; work outside a request forks `db` per unit of work.
   */
  em: SqlEntityManager;
  ip: string;
  bearerToken: string | null;
  tenantHints: RequestTenantHints;
  transport: RestTransport;
  /** The `Last-Event-ID` a reconnecting event stream sends. */
  lastEventId: string | null;
};

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];

  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** `pathTenant` is the first segment of a /{tenant}/api/... request, set by the service's router. */
export const createTransportContext = (
  services: TransportServices,
  req: IncomingMessage,
  pathTenant: string | null,
  transport: RestTransport = {},
): TransportContext => {
  const authorization = header(req, 'authorization');
  const bearer = authorization ? /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() : undefined;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const forwardedHost = services.env.TRUST_PROXY ? header(req, 'x-forwarded-host') : null;

  return {
    ...services,
    em: services.db.fork(),
    ip: clientAddress(req, services.env.TRUST_PROXY),
    bearerToken: bearer || null,
    tenantHints: {
      pathTenant,
      headerTenant: header(req, 'x-tenant-id'),
      queryTenant: url.searchParams.get('tenant') ?? url.searchParams.get('slug'),
      host: forwardedHost ?? header(req, 'host'),
    },
    transport,
    lastEventId: header(req, 'last-event-id'),
  };
};
