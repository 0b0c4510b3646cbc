import { isAdmin, type SessionUser } from '@switchyard/domain/transport/session-user';
import { recordTransportAudit } from '@switchyard/db/transport/tenants/audit-log';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { TransportContext } from '../context.ts';

export type StaffWrite = {
  action: string;
  /** `<kind>:<id>`, e.g. `invoice:…`, `school:…`. */
  resource: string;
  householdId?: string | null;
  /** The changed values (before/after, or what was written). */
  details?: Record<string, unknown>;
};

type StaffContext = Pick<TransportContext, 'em' | 'now'> & { user: SessionUser; tenantId: string };

/**
 * One audit row for a write by a tenant's operator or a platform administrator: the actor, the
 * action, the resource and the changed values. A platform administrator's writes are marked as
 * theirs, so the tenant sees which writes were not its own staff's.
 * Pass `em` to write the row in the same transaction as the change.
 */
export const auditStaffWrite = async (ctx: StaffContext, write: StaffWrite, em?: SqlEntityManager): Promise<void> => {
  await recordTransportAudit(em ?? ctx.em, {
    tenantId: ctx.tenantId,
    actor: ctx.user.email || ctx.user.id,
    action: write.action,
    resource: write.resource,
    details: write.details ?? {},
    householdId: write.householdId ?? null,
    adminActor: isAdmin(ctx.user),
    at: ctx.now(),
  });
};
