import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TransportAuditRow } from '../tenants/audit-log.ts';
import { keyColumn, type PageKey, type PageWindow } from './keyset.ts';

export type AuditPageRow = TransportAuditRow & { key_created_at: string };

export type AuditFilter = { tenantId: string; action?: string | undefined };

const filterClause = (filter: AuditFilter): { where: string[]; params: unknown[] } => {
  const where = ['a.tenant_id = ?'];
  const params: unknown[] = [filter.tenantId];
  if (filter.action) {
    where.push('a.action = ?');
    params.push(filter.action);
  }

  return { where, params };
};

/** One forward page of the tenant's audit rows, newest first, reading one row more to know whether more follow. */
export const listAuditPage = async (
  em: SqlEntityManager,
  input: PageWindow & { filter: AuditFilter },
): Promise<{ rows: AuditPageRow[]; hasMore: boolean }> => {
  const { where, params } = filterClause(input.filter);
  if (input.after) {
    where.push('(a.created_at, a.id) < (?::timestamptz, ?::uuid)');
    params.push(input.after.createdAt, input.after.id);
  }
  const rows = await em.execute<AuditPageRow[]>(
    `select a.id, a.tenant_id, a.actor, a.action, a.resource, a.details, a.household_id, a.subject_user_id, a.admin_actor, a.created_at, ${keyColumn('a')}
     from transport_audit_log a where ${where.join(' and ')}
     order by a.created_at desc, a.id desc limit ?`,
    [...params, input.size + 1],
  );

  return { rows: rows.slice(0, input.size), hasMore: rows.length > input.size };
};

/** Whether a row matching the filter sits at `key` or is newer. */
export const auditExistsAtOrNewer = async (em: SqlEntityManager, filter: AuditFilter, key: PageKey): Promise<boolean> => {
  const { where, params } = filterClause(filter);
  const rows = await em.execute<{ found: number }[]>(
    `select 1 as found from transport_audit_log a where ${where.join(' and ')} and (a.created_at, a.id) >= (?::timestamptz, ?::uuid)
     order by a.created_at, a.id limit 1`,
    [...params, key.createdAt, key.id],
  );

  return rows.length > 0;
};

export const countAudit = async (em: SqlEntityManager, filter: AuditFilter): Promise<number> => {
  const { where, params } = filterClause(filter);
  const rows = await em.execute<{ total: number }[]>(`select count(*)::int as total from transport_audit_log a where ${where.join(' and ')}`, params);

  return rows[0]?.total ?? 0;
};
