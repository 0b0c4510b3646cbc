import type { ServerResponse } from 'node:http';
import type { NewDelivery } from '@switchyard/db/webhooks/delivery-queue/new-delivery';
import { markDelivered, markFailed } from '@switchyard/db/webhooks/delivery-queue/release';
import { IDEMPOTENCY_TTL_MS } from '@switchyard/domain/webhooks/idempotency-key';
import { DeliveryError } from '../delivery/delivery-error.ts';
import type { DeliveryReceipt } from '../delivery/outbound-message.ts';
import type { WebhookPipeline } from './webhook-pipeline.ts';
import { sendJson } from './http-answers.ts';
import { sentPartsRecorder } from '../delivery/sent-parts-recorder.ts';
import { startDirectDelivery } from './start-direct-delivery.ts';

/**
 * Direct delivery (deliver-only): the request itself sends the message and answers the outcome,
 * 200 or 502, so that the sender retries a failure; the worker never retries these rows.
 */
export const deliverInline = async (pipeline: WebhookPipeline, delivery: NewDelivery, res: ServerResponse): Promise<void> => {
  const { db, env, inlineWorkerId: workerId } = pipeline;
  const lease = { workerId, leaseMs: env.WEBHOOK_LEASE_MS, lockKey: pipeline.inlineLockKey() };
  const start = await startDirectDelivery(db, delivery, lease, env.WEBHOOK_INFLIGHT_WAIT_MS, pipeline.clock, (deliveryId) =>
    pipeline.logger.info({ delivery_id: deliveryId, route: delivery.route }, 'a sender retry waits for the running attempt of its event'),
  );
  if (start.kind === 'duplicate') {
    sendJson(res, 200, { status: 'duplicate' });

    return;
  }
  if (start.kind === 'in_progress') {
    // Not delivered yet, as far as this request knows: 502, the one failure status of a direct
    // delivery, so the sender retries; the body says why and Retry-After says when.
    // By then the running attempt's current call has answered or timed out.
    const retryAfterSeconds = Math.max(1, Math.ceil(env.WEBHOOK_HTTP_TIMEOUT_MS / 1000));
    sendJson(res, 502, { status: 'in_progress', delivery_id: start.deliveryId }, { 'retry-after': String(retryAfterSeconds) });

    return;
  }
  const startedAt = pipeline.clock.now();
  const attempt = (status: 'delivered' | 'failed', error: string | null) => ({
    startedAt: new Date(startedAt).toISOString(),
    target: delivery.target,
    status,
    durationMs: pipeline.clock.now() - startedAt,
    error,
  });
  let receipt: DeliveryReceipt;
  try {
    receipt = await pipeline.deliver({
      deliveryId: delivery.id,
      route: delivery.route,
      target: delivery.target,
      chatId: delivery.chatId,
      text: delivery.prompt,
      payload: delivery.payload,
      source: delivery.source,
      sentParts: start.sentParts,
      recordSentParts: sentPartsRecorder(db, delivery.id, workerId, pipeline.logger),
    });
  } catch (error) {
    const message = error instanceof DeliveryError ? error.message : `internal error: ${(error as Error).message}`;
    await markFailed(db.fork(), delivery.id, workerId, message, attempt('failed', message));
    pipeline.logger.warn({ route: delivery.route, delivery_id: delivery.id, error: message }, 'webhook direct delivery failed');
    // Deliberately generic: the sender only needs to know that a retry may help, and, when the
    // target asked for a pause, how long it is.
    const retryAfterMs = error instanceof DeliveryError ? error.retryAfterMs : null;
    const headers: Record<string, string> =
      retryAfterMs === null ? {} : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
    sendJson(res, 502, { status: 'error', error: 'delivery failed', delivery_id: delivery.id }, headers);

    return;
  }
  // The message is out: a failure to record that must not answer 502, or the sender's retry
  // would post it a second time.
  try {
    await markDelivered(db.fork(), delivery.id, workerId, {
      resultRef: receipt,
      keyTtlMs: IDEMPOTENCY_TTL_MS,
      attempt: attempt('delivered', null),
    });
  } catch (error) {
    pipeline.logger.error(
      { route: delivery.route, delivery_id: delivery.id, err: (error as Error).message },
      'webhook delivered but not recorded',
    );
  }
  sendJson(res, 200, { status: 'delivered', delivery_id: delivery.id });
};
