import type { SqlEntityManager } from '@mikro-orm/sql';
import type { DeliveryStatus } from '@switchyard/domain/webhooks/delivery-status';
import { WebhookDelivery } from './entities.ts';

/** Recent deliveries, newest first, for `webhook deliveries` (apps/api shapes what it shows). */
export const listRecentDeliveries = async (
  em: SqlEntityManager,
  filter: { route?: string | undefined; status?: DeliveryStatus | undefined; since?: Date | undefined; limit: number },
): Promise<WebhookDelivery[]> => {
  const where: Record<string, unknown> = {};
  if (filter.route !== undefined) {
    where.route = filter.route;
  }
  if (filter.status !== undefined) {
    where.status = filter.status;
  }
  if (filter.since !== undefined) {
    where.createdAt = { $gte: filter.since };
  }

  return em.find(WebhookDelivery, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: filter.limit });
};

/** One delivery by id, for tests and for the CLI. */
export const findDelivery = (em: SqlEntityManager, id: string): Promise<WebhookDelivery | null> => em.findOne(WebhookDelivery, { id });
