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
  /** The household the row is about, so that household's family can read it. */
  householdId?: string | null;
  /** The account the row is about (a family's own), so that account can read it. */
  subjectUserId?: string | null;
  /** A platform administrator acted in a tenant's console. */
  adminActor?: boolean;
  at: Date;
};

export type TransportAuditRow = {
  id: string;
  tenant_id: string | null;
  actor: string;
  action: string;
  resource: string | null;
  details: Record<string, unknown>;
  household_id: string | null;
  subject_user_id: string | null;
  admin_actor: boolean;
  created_at: Date;
};

/** Writes one audit row at once (not queued in a unit of work) and answers its id. */
export const recordTransportAudit = async (em: SqlEntityManager, entry: TransportAuditInput): Promise<string> => {
  const id = randomUUID();
  await em.execute(
    `insert into transport_audit_log (id, tenant_id, actor, action, resource, details, household_id, subject_user_id, admin_actor, created_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::timestamptz)`,
    [
      id,
      entry.tenantId,
      entry.actor,
      entry.action,
      entry.resource ?? null,
      JSON.stringify(entry.details ?? {}),
      entry.householdId ?? null,
      entry.subjectUserId ?? null,
      entry.adminActor ?? false,
      entry.at.toISOString(),
    ],
  );

  return id;
};

export type TransportAuditFilter = {
  /** Null means every tenant. */
  tenantId: string | null;
  limit: number;
  /** A family's view: only rows about these households or this account. */
  family?: { householdIds: readonly string[]; userId: string };
  action?: string;
  actor?: string;
  householdId?: string;
  resource?: string;
};

/** Newest first, narrowed by the filter. */
export const listTransportAudit = async (em: SqlEntityManager, filter: TransportAuditFilter): Promise<TransportAuditRow[]> => {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.tenantId !== null) {
    where.push('tenant_id = ?');
    params.push(filter.tenantId);
  }
  if (filter.family) {
    const ids = filter.family.householdIds;
    const ownHouseholds = ids.length > 0 ? `household_id in (${ids.map(() => '?').join(', ')}) or ` : '';
    where.push(`(${ownHouseholds}subject_user_id = ?)`);
    params.push(...ids, filter.family.userId);
  }
  for (const [column, value] of [['action', filter.action], ['actor', filter.actor], ['household_id', filter.householdId]] as const) {
    if (value !== undefined) {
      where.push(`${column} = ?`);
      params.push(value);
    }
  }
  if (filter.resource !== undefined) {
    // A prefix: `invoice:` finds every invoice row, `invoice:<id>` one invoice's.
    where.push(`resource like ? escape '\\'`);
    params.push(`${filter.resource.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  }
  const sql = `select id, tenant_id, actor, action, resource, details, household_id, subject_user_id, admin_actor, created_at
    from transport_audit_log ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
    order by created_at desc, id desc limit ?`;

  return em.execute<TransportAuditRow[]>(sql, [...params, filter.limit]);
};
