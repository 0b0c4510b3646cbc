import type { Metrics } from '../ops/metrics/metrics.ts';
import type { IncomingMessage } from 'node:http';
import type { RestTransport } from '@switchyard/rest-adapter/create-rest-handler';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Database } from '@switchyard/db/orm';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { ClaimsMailer } from './mail/claims-mailer.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { DocumentStore } from './document-store/document-store.ts';
import { clientAddress } from '../http/client-address.ts';

/** Long-lived things every claims request shares. */
export type ClaimsServices = {
  env: Env;
  db: Database;
  logger: Logger;
  mailer: ClaimsMailer;
  captcha: CaptchaVerifier;
  staffKey: string;
  /** Where documents' bytes are kept (UPLOAD_STORE), chosen once at start. */
  documents: DocumentStore;
  now: () => Date;
  /** The process's metrics when the ops listener is on. */
  metrics?: Metrics | undefined;
};

export type ClaimsContext = ClaimsServices & {
  /**
   * The request's entity manager, forked once here: the procedure and its middlewares (session,
   * staff caller, rate limits) share one identity map. Transactions fork again in the repositories,
   * so they start from an empty map; work outside a request forks `db` per unit of work.
   */
  em: SqlEntityManager;
  ip: string;
  bearerToken: string | null;
  staffKeyHeader: string | null;
  transport: RestTransport;
};

const headerValue = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? value[0] : value) ?? null;

export const createClaimsContext = (services: ClaimsServices, req: IncomingMessage, transport: RestTransport = {}): ClaimsContext => {
  const authorization = headerValue(req.headers.authorization);
  const bearer = authorization && /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();

  return {
    ...services,
    em: services.db.fork(),
    ip: clientAddress(req, services.env.TRUST_PROXY),
    bearerToken: bearer || null,
    staffKeyHeader: headerValue(req.headers['x-staff-key']),
    transport,
  };
};
