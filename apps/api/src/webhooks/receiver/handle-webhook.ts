import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { wasRecentlyDelivered } from '@switchyard/db/webhooks/delivery-queue/idempotency-keys';
import type { NewDelivery } from '@switchyard/db/webhooks/delivery-queue/new-delivery';
import { eventAllowed, eventSource, isUnrequestedPing, resolveEventType } from '@switchyard/domain/webhooks/event-type';
import { evaluateFilter } from '@switchyard/domain/webhooks/filters';
import { idempotencyKey } from '@switchyard/domain/webhooks/idempotency-key';
import { uuidV7 } from '@switchyard/domain/webhooks/delivery-id';
import { checkJsonBody, JSON_BODY_PROBLEMS } from '@switchyard/domain/json-body-check';
import { isPayloadContainer, PAYLOAD_SHAPE_PROBLEM } from '@switchyard/domain/webhooks/payload-shape';
import { planDelivery } from '@switchyard/domain/webhooks/delivery-plan';
import { renderTemplate } from '@switchyard/domain/webhooks/render-template';
import type { WebhookRoute } from '@switchyard/domain/webhooks/route-definition';
import { PAUSED_RETRY_AFTER_SECONDS } from '@switchyard/domain/webhooks/route-pause';
import { interpretScriptRun } from '@switchyard/domain/webhooks/script-outcome';
import { headersToStore } from '@switchyard/domain/webhooks/stored-headers';
import { verifySignature } from '@switchyard/domain/webhooks/verify-signature';
import { deliverInline } from './deliver-inline.ts';
import { readBody, sendJson } from './http-answers.ts';
import { locateScript, runRouteScript } from '../routes/route-script.ts';
import type { WebhookPipeline } from './webhook-pipeline.ts';

const SIGNATURE_ERRORS = {
  missing: 'missing signature',
  mismatch: 'invalid signature',
  malformed: 'malformed signature',
  expired: 'signature timestamp outside the allowed window',
} as const;

const ignored = (res: ServerResponse, reason: string, detail?: string) =>
  sendJson(res, 200, detail === undefined ? { status: 'ignored', reason } : { status: 'ignored', reason, detail });

const duplicate = (res: ServerResponse) => sendJson(res, 200, { status: 'duplicate' });

/** Runs the route's script, if any; answers the payload to continue with, or null when the event is ignored. */
const applyScript = async (
  pipeline: WebhookPipeline,
  route: WebhookRoute,
  payload: unknown,
  eventType: string,
  res: ServerResponse,
): Promise<{ payload: unknown } | null> => {
  if (route.script === undefined) {
    return { payload };
  }
  const location = locateScript(pipeline.scriptsDir, route.script);
  if (!location.ok) {
    pipeline.logger.warn({ route: route.name, problem: location.problem }, 'webhook script unavailable');
    ignored(res, 'script', 'script unavailable');

    return null;
  }
  const run = await runRouteScript({
    path: location.path,
    cwd: pipeline.scriptsDir,
    payload,
    timeoutMs: pipeline.env.WEBHOOK_SCRIPT_TIMEOUT_MS,
    pathVariable: pipeline.env.PATH,
    eventType,
    route: route.name,
  });
  const outcome = interpretScriptRun(run, payload);
  if (outcome.kind === 'ignored') {
    ignored(res, 'script', outcome.reason);

    return null;
  }

  return { payload: outcome.payload };
};

/**
 * POST /webhooks/{name}: route, size, signature, rate limit, JSON, event, filters, idempotency,
 * script, then either a queued agent run (202) or a direct delivery (200, or 502 when it failed or an
 * earlier attempt of the event is still running).
 */
export const handleWebhook = async (pipeline: WebhookPipeline, req: IncomingMessage, res: ServerResponse, name: string): Promise<void> => {
  const route = pipeline.routes.lookup(name);
  if (route === undefined) {
    req.resume();
    sendJson(res, 404, { error: 'unknown route' });

    return;
  }
  // Read after the lookup, which reloads them with the routes when config.yaml changed.
  const { settings } = pipeline.routes;
  const read = await readBody(req, settings.maxBodyBytes);
  if (!read.ok) {
    sendJson(res, read.status, { error: read.status === 413 ? 'payload too large' : 'bad request' }, { connection: 'close' });

    return;
  }
  const { body } = read;
  const secret = route.secret ?? settings.secret ?? '';
  const check = verifySignature({ headers: req.headers, rawBody: body, secret, nowSeconds: Math.floor(pipeline.clock.now() / 1000) });
  if (!check.ok) {
    sendJson(res, 401, { error: SIGNATURE_ERRORS[check.reason] });

    return;
  }
  // After authentication, so that only the sender learns that the route is paused.
  const pause = await pipeline.pauses.pauseOf(route.name);
  if (pause?.rejectWhilePaused === true) {
    sendJson(res, 503, { error: 'route paused' }, { 'retry-after': String(PAUSED_RETRY_AFTER_SECONDS) });

    return;
  }
  // Counted after authentication, so that forged requests cannot use up a route's allowance.
  const rate = await pipeline.rateLimit.hit(route.name, route.rateLimit ?? settings.rateLimitPerMinute);
  if (!rate.allowed && rate.uncounted === true) {
    // The server's fault, not the sender's: GitHub, Stripe and the others retry a 5xx.
    pipeline.logger.warn({ route: route.name }, 'webhook rate limit could not be counted; answered 503');
    sendJson(res, 503, { error: 'rate limit unavailable' }, { 'retry-after': String(rate.retryAfterSeconds) });

    return;
  }
  if (!rate.allowed) {
    sendJson(res, 429, { error: 'rate limit exceeded' }, { 'retry-after': String(rate.retryAfterSeconds) });

    return;
  }
  // Before parsing: a deeply nested body is cheap to refuse here and costly everywhere after.
  const problem = checkJsonBody(body);
  if (problem !== null) {
    sendJson(res, 400, { error: JSON_BODY_PROBLEMS[problem] });

    return;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    sendJson(res, 400, { error: 'body is not JSON' });

    return;
  }
  if (!isPayloadContainer(payload)) {
    sendJson(res, 400, { error: PAYLOAD_SHAPE_PROBLEM });

    return;
  }
  const eventType = resolveEventType(req.headers, payload);
  if (isUnrequestedPing(route.events, req.headers)) {
    ignored(res, 'ping');

    return;
  }
  if (!eventAllowed(route.events, eventType, req.headers, payload)) {
    ignored(res, 'event', eventType);

    return;
  }
  // Filters see the payload as the sender sent it, before any script rewrites it.
  if (route.filter !== null) {
    const context = { payload, eventType, headers: req.headers, loadList: pipeline.loadList };
    if (!evaluateFilter(route.filter, context)) {
      ignored(res, 'filter');

      return;
    }
  }
  const key = idempotencyKey(route.name, check, req.headers, body);
  // A delivered event must not run a (possibly stateful) script again.
  if (route.script !== undefined && (await wasRecentlyDelivered(pipeline.db.fork(), key))) {
    duplicate(res);

    return;
  }
  const scripted = await applyScript(pipeline, route, payload, eventType, res);
  if (scripted === null) {
    return;
  }
  const delivery: NewDelivery = {
    // Time-ordered, so the table's primary key grows at one end (see uuidV7).
    id: uuidV7(Math.floor(pipeline.clock.now()), randomBytes(10)),
    route: route.name,
    eventType,
    idempotencyKey: key,
    ...planDelivery(route, scripted.payload),
    source: eventSource(req.headers),
    payload: scripted.payload,
    // Unchanged by a script, the body as received is already the payload's JSON.
    payloadJson: scripted.payload === payload ? body.toString('utf8') : undefined,
    maxAttempts: pipeline.env.WEBHOOK_MAX_ATTEMPTS,
    maxInFlight: route.maxInFlight ?? null,
    orderKey: route.orderKey === undefined ? null : renderTemplate(route.orderKey, scripted.payload),
    retentionDays: route.retentionDays,
    headers: headersToStore(req.headers),
  };
  // A paused direct route queues its events like an agent route: they go out on resume.
  if (route.deliverOnly && pause === null) {
    await deliverInline(pipeline, delivery, res);

    return;
  }
  if (!(await pipeline.enqueue(delivery))) {
    duplicate(res);

    return;
  }
  pipeline.nudgeWorker();
  sendJson(res, 202, { status: 'accepted', delivery_id: delivery.id });
};
