import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import { isDatabaseUnavailable } from '@switchyard/db/database-unavailable';
import type { Database } from '@switchyard/db/orm';
import { listRecentDeliveries } from '@switchyard/db/webhooks/delivery-history';
import { summarizeDelivery } from '../delivery/delivery-presenter.ts';
import { handleWebhook } from './handle-webhook.ts';
import type { WebhookPipeline } from './webhook-pipeline.ts';
import { sendJson } from './http-answers.ts';
import { answerProbe } from '../../ops/probes.ts';
import type { Readiness } from '../../ops/readiness.ts';
import type { Metrics } from '../../ops/metrics/metrics.ts';
import { observeRequests } from '../../http/observe-requests.ts';
import { nameRoute } from '../../http/request-context.ts';

const WEBHOOK_PATH = /^\/webhooks\/([^/]+)\/?$/;
/**
 * A plain route name (the only kind a route can have) with no query: for such a path the URL
 * parser would change nothing, so the common request skips it.
 */
const PLAIN_WEBHOOK_PATH = /^\/webhooks\/([a-z0-9][a-z0-9_-]*)\/?$/;

/** Seconds a sender waits after a 503 for the database: about one pool wait limit, or a reconnect. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const sameToken = (expected: string, given: string): boolean =>
  timingSafeEqual(createHash('sha256').update(expected).digest(), createHash('sha256').update(given).digest());

/**
 * `GET /deliveries` serves `webhook deliveries` while this process holds the database (an embedded
 * PGlite database has one owner). Only a caller holding the token of the runtime file, which is
 * readable by the owner of SWITCHYARD_HOME alone, gets an answer.
 */
const listDeliveries = async (db: Database, url: URL) => {
  const limit = Math.min(500, Math.max(1, Number(url.searchParams.get('limit') ?? 20) || 20));
  const route = url.searchParams.get('route') ?? undefined;

  return (await listRecentDeliveries(db.fork(), { route, limit })).map(summarizeDelivery);
};

export const createReceiverServer = (pipeline: WebhookPipeline, adminToken: string, readiness: Readiness, metrics?: Metrics): Server => {
  const handle: RequestListener = (req, res) => {
    const fail = (error: unknown) => {
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      if (isDatabaseUnavailable(error)) {
        // Nothing was stored: the sender keeps the event and retries after the database is back.
        pipeline.logger.warn({ err: (error as Error).message, path }, 'webhook request refused: the database is not answering');
        if (!res.headersSent) {
          sendJson(res, 503, { error: 'database unavailable' }, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
        } else {
          res.destroy();
        }

        return;
      }
      pipeline.logger.error({ err: (error as Error).message, path }, 'webhook request failed');
      if (!res.headersSent) {
        sendJson(res, 500, { error: 'internal error' });
      } else {
        res.destroy();
      }
    };
    const plain = req.method === 'POST' ? PLAIN_WEBHOOK_PATH.exec(req.url ?? '') : null;
    if (plain !== null) {
      nameRoute('/webhooks/{route}');
      handleWebhook(pipeline, req, res, plain[1] ?? '').catch(fail);

      return;
    }
    const url = new URL(req.url ?? '/', 'http://receiver');
    const match = WEBHOOK_PATH.exec(url.pathname);
    if (match !== null) {
      nameRoute('/webhooks/{route}');
      if (req.method !== 'POST') {
        req.resume();
        sendJson(res, 405, { error: 'method not allowed' }, { allow: 'POST' });

        return;
      }
      let name: string;
      try {
        name = decodeURIComponent(match[1] ?? '');
      } catch {
        req.resume();
        sendJson(res, 404, { error: 'unknown route' });

        return;
      }
      handleWebhook(pipeline, req, res, name).catch(fail);

      return;
    }
    req.resume();
    if (url.pathname === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      nameRoute('/health');
      sendJson(res, 200, { status: 'ok' });

      return;
    }
    if (url.pathname === '/deliveries' && req.method === 'GET') {
      nameRoute('/deliveries');
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(adminToken, given)) {
        sendJson(res, 401, { error: 'unauthorized' });

        return;
      }
      listDeliveries(pipeline.db, url)
        .then((deliveries) => sendJson(res, 200, { deliveries }))
        .catch(fail);

      return;
    }
    sendJson(res, 404, { error: 'not found' });
  };
  const observed = observeRequests({ service: 'webhooks', handler: handle, logger: pipeline.logger, metrics });
  const server = createServer((req, res) => {
    // Probes stay outside the access log and the metrics: a load balancer asks every few seconds.
    if (!answerProbe(req, res, readiness)) {
      observed(req, res);
    } else {
      req.resume();
    }
  });
  // Senders keep connections open between deliveries; idle ones are closed after a while.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  server.requestTimeout = 60_000;

  return server;
};
