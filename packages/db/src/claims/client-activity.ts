import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { CLIENT_ACTIVITY_FIELD } from '@switchyard/domain/claims/client-activity';
import { db } from '../kysely.ts';
import { recordAudit } from './audit.ts';
import { Claim } from './entities.ts';

/**
 * The time of the latest client message or upload on the claim aliased `c` that came after a staff
 * member last opened it (or after it was filed, if none has), else null. The intake's own notes are
 * the system's and never count.
 */
export const clientActivityAt = sql<Date | null>`(
  select max(activity.at) from (
    select n.created_at as at from claims_note n where n.claim_id = c.id and n.author_type = 'CLIENT'
    union all
    select f.created_at from claims_document f where f.claim_id = c.id and f.uploaded_by = 'CLIENT'
  ) activity
  where activity.at > greatest(c.staff_viewed_at, c.created_at)
)`;

/**
 * A staff caller opened the claim: the client activity mark clears for the whole team, and when
 * there was activity to see, the audit trail records who saw it (the activity's time as the old
 * value). The row lock makes two members opening it at once record one sighting, not two.
 */
export const markClientActivitySeen = (em: SqlEntityManager, input: { claimId: string; actor: string; now: Date }): Promise<Date | null> =>
  em.fork().transactional(async (tx) => {
    await db(tx).selectFrom('claims_claim').select('id').where('id', '=', input.claimId).forUpdate().execute();
    const row = await db(tx)
      .selectFrom('claims_claim as c')
      .select(clientActivityAt.as('activity_at'))
      .where('c.id', '=', input.claimId)
      .executeTakeFirst();
    const activityAt = row?.activity_at ? new Date(row.activity_at) : null;
    if (!activityAt) {
      return null;
    }
    await tx.nativeUpdate(Claim, { id: input.claimId }, { staffViewedAt: input.now });
    recordAudit(tx, {
      entityType: 'claim',
      entityId: input.claimId,
      claimId: input.claimId,
      action: 'activity_seen',
      field: CLIENT_ACTIVITY_FIELD,
      oldValue: activityAt.toISOString(),
      newValue: 'seen',
      actor: input.actor,
      at: input.now,
    });
    await tx.flush();

    return activityAt;
  });
