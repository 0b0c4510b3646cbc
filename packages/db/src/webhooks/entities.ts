import { defineEntity, p } from '@mikro-orm/core';
import type { CodeHost } from '@switchyard/domain/webhooks/code-host';
import type { DeliveryMode } from '@switchyard/domain/webhooks/delivery-plan';
import type { DeliveryStatus } from '@switchyard/domain/webhooks/delivery-status';
import type { DeliveryTarget } from '@switchyard/domain/webhooks/delivery-targets';
import type { PausedBy } from '@switchyard/domain/webhooks/route-pause';

// The entities declare the whole schema the migrations build (test/db/schema-diff.test.ts).
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  indexes: [
    { name: 'webhook_delivery_due_idx', properties: ['nextAttemptAt'], where: "status = 'queued'" },
    { name: 'webhook_delivery_lease_idx', properties: ['lockedUntil'], where: "status = 'running'" },
    { name: 'webhook_delivery_route_created_idx', columns: [{ name: 'route' }, { name: 'created_at', sort: 'DESC' }] },
    // A failed direct delivery that got part-way, found by key when the sender retries it.
    {
      name: 'webhook_delivery_part_sent_idx',
      columns: [{ name: 'idempotency_key' }, { name: 'finished_at', sort: 'DESC' }],
      where: "status = 'failed' and sent_parts is not null",
    },
    // Running deliveries per route, for max_in_flight.
    { name: 'webhook_delivery_route_running_idx', properties: ['route'], where: "status = 'running'" },
    // Unfinished deliveries of one ordering key, in acceptance order.
    {
      name: 'webhook_delivery_order_idx',
      properties: ['route', 'orderKey', 'acceptedSeq'],
      where: "order_key is not null and status in ('queued', 'running')",
    },
    // Finished deliveries whose payload is still kept, for the retention sweep.
    {
      name: 'webhook_delivery_retention_idx',
      properties: ['finishedAt'],
      where: "erased_at is null and status in ('delivered', 'failed')",
    },
    // Finished deliveries by age, for deleting rows past WEBHOOK_DELIVERY_HISTORY_DAYS.
    { name: 'webhook_delivery_history_idx', properties: ['finishedAt'], where: "status in ('delivered', 'failed')" },
    { name: 'webhook_delivery_replay_of_idx', properties: ['replayOf'], where: 'replay_of is not null' },
  ],
  uniques: [
    // At most one unfinished delivery per event: a sender's retry while it is queued is a duplicate.
    { name: 'webhook_delivery_inflight_key_idx', properties: ['idempotencyKey'], where: "status in ('queued', 'running')" },
  ],
  checks: [
    { name: 'webhook_delivery_mode_check', expression: "mode in ('agent', 'deliver_only')" },
    { name: 'webhook_delivery_status_check', expression: "status in ('queued', 'running', 'delivered', 'failed')" },
    { name: 'webhook_delivery_source_check', expression: "source in ('github', 'gitlab')" },
    { name: 'webhook_delivery_max_attempts_check', expression: 'max_attempts > 0' },
    { name: 'webhook_delivery_max_in_flight_check', expression: 'max_in_flight > 0' },
    { name: 'webhook_delivery_retention_days_check', expression: 'retention_days > 0' },
  ],
  properties: {
    id: p.uuid().primary(),
    route: p.text(),
    eventType: p.text().fieldName('event_type'),
    idempotencyKey: p.text().fieldName('idempotency_key'),
    mode: p.text().$type<DeliveryMode>(),
    status: p.text().$type<DeliveryStatus>(),
    target: p.text().$type<DeliveryTarget>(),
    chatId: p.text().fieldName('chat_id').nullable(),
    source: p.text().$type<CodeHost>().nullable(),
    prompt: p.text(),
    skills: p.json<string[]>().defaultRaw("'[]'"),
    payload: p.json<unknown>(),
    agentReply: p.text().fieldName('agent_reply').nullable(),
    sentParts: p.json<string[]>().fieldName('sent_parts').nullable(),
    attempts: p.integer().default(0),
    maxAttempts: p.integer().fieldName('max_attempts'),
    nextAttemptAt: p.datetime().fieldName('next_attempt_at'),
    lockedUntil: p.datetime().fieldName('locked_until').nullable(),
    lockedBy: p.text().fieldName('locked_by').nullable(),
    /** The holder's lease lock key (lease-lock.ts); null on the embedded database. */
    leaseKey: p.integer().fieldName('lease_key').nullable(),
    lastError: p.text().fieldName('last_error').nullable(),
    resultRef: p.text().fieldName('result_ref').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
    finishedAt: p.datetime().fieldName('finished_at').nullable(),
    /** Acceptance order: rows stored by one statement share their created_at. */
    acceptedSeq: p.bigint().fieldName('accepted_seq').autoincrement(),
    maxInFlight: p.integer().fieldName('max_in_flight').nullable(),
    orderKey: p.text().fieldName('order_key').nullable(),
    retentionDays: p.integer().fieldName('retention_days').default(30),
    erasedAt: p.datetime().fieldName('erased_at').nullable(),
    replayOf: p.uuid().fieldName('replay_of').nullable(),
    /** Runs with its route as the route is then (target, chat id, prompt, skills, mode); false: as accepted. */
    followsRoute: p.boolean().fieldName('follows_route').default(true),
    /** The request's headers as accepted, signatures and tokens masked (stored-headers.ts); null before they were kept. */
    headers: p.json<Record<string, string>>().nullable(),
    /** One record per attempt, oldest first (DeliveryAttempt in delivery-queue/attempt-log.ts); null until the first ends. */
    attemptLog: p.json<unknown[]>().fieldName('attempt_log').nullable(),
    /** The accepting request's id, for the worker's log lines; null outside a request and before it was kept. */
    requestId: p.string().length(128).fieldName('request_id').nullable(),
    /** The accepting request's W3C `traceparent` when traces are exported: the delivery's span joins that trace. */
    traceParent: p.string().length(64).fieldName('trace_parent').nullable(),
  },
});
export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);

export const WebhookIdempotencySchema = defineEntity({
  name: 'WebhookIdempotency',
  tableName: 'webhook_idempotency',
  indexes: [{ name: 'webhook_idempotency_expires_idx', properties: ['expiresAt'] }],
  properties: {
    key: p.text().primary(),
    deliveryId: p.uuid().fieldName('delivery_id'),
    createdAt: p.datetime().fieldName('created_at'),
    expiresAt: p.datetime().fieldName('expires_at'),
  },
});
export class WebhookIdempotency extends WebhookIdempotencySchema.class {}
WebhookIdempotencySchema.setClass(WebhookIdempotency);

export const WebhookRouteStateSchema = defineEntity({
  name: 'WebhookRouteState',
  tableName: 'webhook_route_state',
  checks: [{ name: 'webhook_route_state_paused_by_check', expression: "paused_by in ('hand', 'breaker')" }],
  properties: {
    route: p.text().primary(),
    consecutiveFailures: p.integer().fieldName('consecutive_failures').default(0),
    pausedAt: p.datetime().fieldName('paused_at').nullable(),
    pausedReason: p.text().fieldName('paused_reason').nullable(),
    /** 'hand' (webhook pause) or 'breaker' (consecutive failures at the target); null while active. */
    pausedBy: p.text().$type<PausedBy>().fieldName('paused_by').nullable(),
    /** While paused, the receiver refuses the route's events (503) instead of queueing them. */
    rejectWhilePaused: p.boolean().fieldName('reject_while_paused').default(false),
    updatedAt: p.datetime().fieldName('updated_at').defaultRaw('now()'),
  },
});
export class WebhookRouteState extends WebhookRouteStateSchema.class {}
WebhookRouteStateSchema.setClass(WebhookRouteState);

/** A subscription made by the CLI, shared by every gateway of the database; `entry` null once removed. */
export const WebhookSubscriptionSchema = defineEntity({
  name: 'WebhookSubscription',
  tableName: 'webhook_subscription',
  properties: {
    name: p.text().primary(),
    entry: p.json<Record<string, unknown>>().nullable(),
    /** Raised by each change: a gateway applies a row whose version differs from what it applied. */
    version: p.integer().default(1),
    updatedAt: p.datetime().fieldName('updated_at').defaultRaw('now()'),
  },
});
export class WebhookSubscription extends WebhookSubscriptionSchema.class {}
WebhookSubscriptionSchema.setClass(WebhookSubscription);

/** A route's requests counted in one minute, by every gateway of the database together. */
export const WebhookRateWindowSchema = defineEntity({
  name: 'WebhookRateWindow',
  tableName: 'webhook_rate_window',
  properties: {
    route: p.text().primary(),
    windowStart: p.datetime().fieldName('window_start').primary(),
    hits: p.integer().default(0),
  },
});
export class WebhookRateWindow extends WebhookRateWindowSchema.class {}
WebhookRateWindowSchema.setClass(WebhookRateWindow);

export const webhookEntities = [
  WebhookDeliverySchema,
  WebhookIdempotencySchema,
  WebhookRouteStateSchema,
  WebhookSubscriptionSchema,
  WebhookRateWindowSchema,
];
