import type { SqlEntityManager } from '@mikro-orm/sql';
import { recordAudit } from './audit.ts';
import { addStaffMember, deactivateStaffMember, type StaffMemberRow } from './staff-members.ts';

/** Adds a member with its audit row, in one transaction; null when the e-mail is taken. */
export const addStaffMemberAudited = (
  em: SqlEntityManager,
  input: { email: string; name: string; isAdmin: boolean; actor: string; now: Date },
): Promise<StaffMemberRow | null> =>
  em.fork().transactional(async (tx) => {
    const added = await addStaffMember(tx, input);
    if (added) {
      recordAudit(tx, {
        entityType: 'staff_member',
        entityId: added.id,
        claimId: null,
        action: 'create',
        field: 'email',
        newValue: added.email,
        actor: input.actor,
        at: input.now,
      });
      await tx.flush();
    }

    return added;
  });

/** Deactivates a member (their sessions end) with an audit row when it changed anything. */
export const deactivateStaffMemberAudited = (
  em: SqlEntityManager,
  input: { id: string; actor: string; now: Date },
): Promise<StaffMemberRow | null> =>
  em.fork().transactional(async (tx) => {
    const result = await deactivateStaffMember(tx, input.id, input.now);
    const member = result?.member ?? null;
    if (member && result?.changed) {
      recordAudit(tx, {
        entityType: 'staff_member',
        entityId: member.id,
        claimId: null,
        action: 'update',
        field: 'active',
        oldValue: 'true',
        newValue: 'false',
        actor: input.actor,
        at: input.now,
      });
      await tx.flush();
    }

    return member;
  });
