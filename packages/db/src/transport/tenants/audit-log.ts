import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';

export type TransportAuditInput = {
  /** The tenant the action concerns; null for platform-wide actions. */
  tenantId: string | null;
  /** Who acted: an email, a user id, or `impersonation:<admin email>`. */
  actor: string;
  action: string;
  resource?: string | null;
  details?: Record<string, unknown>;
  at: Date;
};

export type TransportAuditRow = {
  id: string;
  tenant_id: string | null;
  actor: string;
  action: string;
  resource: string | null;
  details: Record<string, unknown>;
  created_at: Date;
};

/** Writes one audit row at once (not queued in a unit of work) and answers its id. */
export const recordTransportAudit = async (em: SqlEntityManager, entry: TransportAuditInput): Promise<string> => {
  const id = randomUUID();
  await em.execute(
    'insert into transport_audit_log (id, tenant_id, actor, action, resource, details, created_at) values (?, ?, ?, ?, ?, ?::jsonb, ?::timestamptz)',
    [id, entry.tenantId, entry.actor, entry.action, entry.resource ?? null, JSON.stringify(entry.details ?? {}), entry.at.toISOString()],
  );

  return id;
};

/** Newest first; a null tenant means every tenant. */
export const listTransportAudit = async (em: SqlEntityManager, filter: { tenantId: string | null; limit: number }): Promise<TransportAuditRow[]> => {
  const columns = 'select id, tenant_id, actor, action, resource, details, created_at from transport_audit_log';
  const order = 'order by created_at desc, id desc limit ?';
  if (filter.tenantId === null) {
    return em.execute<TransportAuditRow[]>(`${columns} ${order}`, [filter.limit]);
  }

  return em.execute<TransportAuditRow[]>(`${columns} where tenant_id = ? ${order}`, [filter.tenantId, filter.limit]);
};
