import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { db, escapeLike, jsonb } from '../../kysely.ts';

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

const insertAuditRow = (em: SqlEntityManager, id: string, entry: TransportAuditInput, dedupeKey: string | null) =>
  db(em)
    .insertInto('transport_audit_log')
    .values({
      id,
      tenant_id: entry.tenantId,
      actor: entry.actor,
      action: entry.action,
      resource: entry.resource ?? null,
      details: jsonb(entry.details ?? {}),
      household_id: entry.householdId ?? null,
      subject_user_id: entry.subjectUserId ?? null,
      admin_actor: entry.adminActor ?? false,
      dedupe_key: dedupeKey,
      created_at: entry.at,
    });

/** Writes one audit row at once (not queued in a unit of work) and answers its id. */
export const recordTransportAudit = async (em: SqlEntityManager, entry: TransportAuditInput): Promise<string> => {
  const id = randomUUID();
  await insertAuditRow(em, id, entry, null).execute();

  return id;
};

/**
 * Writes an audit row at most once per occasion of the tenant, named by `dedupeKey`: when a row
 * with that key exists nothing is written. The unique index decides, so of concurrent requests
 * exactly one writes. Answers whether this call wrote the row.
 */
export const recordTransportAuditOnce = async (em: SqlEntityManager, entry: TransportAuditInput, dedupeKey: string): Promise<boolean> => {
  const inserted = await insertAuditRow(em, randomUUID(), entry, dedupeKey)
    .onConflict((conflict) => conflict.columns(['tenant_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();

  return inserted !== undefined;
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
  const { tenantId, family, action, actor, householdId, resource } = filter;

  return (
    db(em)
      .selectFrom('transport_audit_log')
      .select(['id', 'tenant_id', 'actor', 'action', 'resource', 'details', 'household_id', 'subject_user_id', 'admin_actor', 'created_at'])
      .$if(tenantId !== null, (query) => query.where('tenant_id', '=', tenantId))
      .$if(family !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            ...(family && family.householdIds.length > 0 ? [eb('household_id', 'in', family.householdIds)] : []),
            eb('subject_user_id', '=', family?.userId ?? null),
          ]),
        ),
      )
      .$if(action !== undefined, (query) => query.where('action', '=', action ?? ''))
      .$if(actor !== undefined, (query) => query.where('actor', '=', actor ?? ''))
      .$if(householdId !== undefined, (query) => query.where('household_id', '=', householdId ?? ''))
      // A prefix: `invoice:` finds every invoice row, `invoice:<id>` one invoice's (backslash is like's default escape).
      .$if(resource !== undefined, (query) => query.where('resource', 'like', `${escapeLike(resource ?? '')}%`))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute()
  );
};
