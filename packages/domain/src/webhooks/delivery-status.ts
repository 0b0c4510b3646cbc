/**
 * Where a webhook delivery stands: waiting for its (next) attempt, being attempted under a lease,
 * or finished either way. webhook_delivery_status_check allows exactly these.
 */
export const DELIVERY_STATUSES = ['queued', 'running', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
