import { defineEntity, p } from '@mikro-orm/core';

// Table and column names are fixed by the migration; entities map onto them explicitly.
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    id: p.uuid().primary(),
    route: p.string(),
    eventType: p.string().fieldName('event_type'),
    idempotencyKey: p.string().fieldName('idempotency_key'),
    mode: p.string(),
    status: p.string(),
    target: p.string(),
    chatId: p.string().fieldName('chat_id').nullable(),
    source: p.string().nullable(),
    prompt: p.text(),
    skills: p.json<string[]>(),
    payload: p.json<unknown>(),
    agentReply: p.text().fieldName('agent_reply').nullable(),
    sentParts: p.json<string[]>().fieldName('sent_parts').nullable(),
    attempts: p.integer(),
    maxAttempts: p.integer().fieldName('max_attempts'),
    nextAttemptAt: p.datetime().fieldName('next_attempt_at'),
    lockedUntil: p.datetime().fieldName('locked_until').nullable(),
    lockedBy: p.string().fieldName('locked_by').nullable(),
    leaseKey: p.integer().fieldName('lease_key').nullable(),
    lastError: p.text().fieldName('last_error').nullable(),
    resultRef: p.string().fieldName('result_ref').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
    finishedAt: p.datetime().fieldName('finished_at').nullable(),
    acceptedSeq: p.bigint().fieldName('accepted_seq').nullable(),
    maxInFlight: p.integer().fieldName('max_in_flight').nullable(),
    orderKey: p.string().fieldName('order_key').nullable(),
    retentionDays: p.integer().fieldName('retention_days'),
    erasedAt: p.datetime().fieldName('erased_at').nullable(),
    replayOf: p.uuid().fieldName('replay_of').nullable(),
  },
});
export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);

export const WebhookIdempotencySchema = defineEntity({
  name: 'WebhookIdempotency',
  tableName: 'webhook_idempotency',
  properties: {
    key: p.string().primary(),
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
  properties: {
    route: p.string().primary(),
    consecutiveFailures: p.integer().fieldName('consecutive_failures'),
    pausedAt: p.datetime().fieldName('paused_at').nullable(),
    pausedReason: p.text().fieldName('paused_reason').nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});
export class WebhookRouteState extends WebhookRouteStateSchema.class {}
WebhookRouteStateSchema.setClass(WebhookRouteState);

export const webhookEntities = [WebhookDeliverySchema, WebhookIdempotencySchema, WebhookRouteStateSchema];
