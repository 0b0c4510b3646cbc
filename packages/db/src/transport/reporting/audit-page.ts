import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import type { TransportAuditRow } from '../tenants/audit-log.ts';
import { keyColumn, toNumber, type PageKey, type PageWindow } from './keyset.ts';

export type AuditPageRow = TransportAuditRow & { key_created_at: string };

export type AuditFilter = { tenantId: string; action?: string | undefined };

/** The tenant's audit rows matching the filter, as `a`. */
const filtered = (em: SqlEntityManager, filter: AuditFilter) =>
  db(em)
    .selectFrom('transport_audit_log as a')
    .where('a.tenant_id', '=', filter.tenantId)
    .$if(Boolean(filter.action), (query) => query.where('a.action', '=', filter.action ?? ''));

/** One forward page of the tenant's audit rows, newest first, reading one row more to know whether more follow. */
export const listAuditPage = async (
  em: SqlEntityManager,
  input: PageWindow & { filter: AuditFilter },
): Promise<{ rows: AuditPageRow[]; hasMore: boolean }> => {
  const { after } = input;
  const rows = await filtered(em, input.filter)
    .select([
      'a.id',
      'a.tenant_id',
      'a.actor',
      'a.action',
      'a.resource',
      'a.details',
      'a.household_id',
      'a.subject_user_id',
      'a.admin_actor',
      'a.created_at',
      keyColumn('a').as('key_created_at'),
    ])
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb(
          eb.refTuple('a.created_at', 'a.id'),
          '<',
          eb.tuple(eb.cast<Date>(eb.val(after?.createdAt ?? ''), 'timestamptz'), after?.id ?? ''),
        ),
      ),
    )
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(input.size + 1)
    .execute();

  return { rows: rows.slice(0, input.size), hasMore: rows.length > input.size };
};

/** Whether a row matching the filter sits at `key` or is newer. */
export const auditExistsAtOrNewer = async (em: SqlEntityManager, filter: AuditFilter, key: PageKey): Promise<boolean> => {
  const row = await filtered(em, filter)
    .select('a.id')
    .where((eb) => eb(eb.refTuple('a.created_at', 'a.id'), '>=', eb.tuple(eb.cast<Date>(eb.val(key.createdAt), 'timestamptz'), key.id)))
    .orderBy('a.created_at')
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();

  return row !== undefined;
};

export const countAudit = async (em: SqlEntityManager, filter: AuditFilter): Promise<number> => {
  const row = await filtered(em, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();

  return toNumber(row?.total);
};
