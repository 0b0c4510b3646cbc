import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { db, jsonb } from '../../kysely.ts';
import { Child } from './entities.ts';
import { tripTypeFor, weeklyRateFor, type TransportNeed } from '@switchyard/domain/transport/billing/rates';

/** Fixed ids make the seed idempotent: a second run finds its rows and adds nothing. */
const HOUSEHOLD_ID = '5eed0000-0000-4000-8000-000000000001';
const PAYER_ID = '5eed0000-0000-4000-8000-000000000002';
/**
 * The children attend schools and ride routes the demo operations seed creates
 * (seed-demo-operations.ts), so every reference of the demo tenant points at something.
 */
const CHILDREN: { id: string; name: string; need: TransportNeed; school: string; schoolId: string; grade: string; route: string }[] = [
  {
    id: '5eed0000-0000-4000-8000-000000000003',
    name: 'Mia Rivera',
    need: 'both',
    school: 'Jacob G. Smith Elementary',
    schoolId: 'jacob-g-smith-elementary',
    grade: '3',
    route: 'midtown-loop',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000004',
    name: 'Leo Rivera',
    need: 'morning',
    school: 'Hesse K-8 School',
    schoolId: 'hesse-k8',
    grade: '7',
    route: 'southside-morning',
  },
];
/** What earlier seeds gave the children: schools and a route the demo tenant never had. */
const EARLIER_SCHOOL_IDS = ['oakwood-elementary', 'riverside-middle'];

/** One sample household of the demo tenant: an approved registration, its primary payer and two children. */
export const seedDemoHousehold = (em: SqlEntityManager): Promise<void> =>
  em.fork().transactional(async (tx) => {
    const inserted = await db(tx)
      .insertInto('transport_household')
      .values({
        id: HOUSEHOLD_ID,
        tenant_id: 'demo',
        name: 'Ana Rivera',
        address: '12 Harbor Street',
        first_pickup_date: null,
        policy_acknowledged: jsonb(['safety', 'payment-terms']),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // Seeded before: point the sample children, if still as first seeded, at the demo's real schools and routes.
      for (const child of CHILDREN) {
        await tx.nativeUpdate(
          Child,
          { id: child.id, schoolId: { $in: EARLIER_SCHOOL_IDS } },
          { school: child.school, schoolId: child.schoolId, route: child.route },
        );
      }

      return;
    }
    await db(tx)
      .insertInto('transport_payer')
      .values({
        id: PAYER_ID,
        tenant_id: 'demo',
        household_id: HOUSEHOLD_ID,
        name: 'Ana Rivera',
        email: 'ana.rivera@demo.local',
        phone: '555-0142',
        relationship: 'mother',
        is_primary: true,
      })
      .execute();
    for (const [index, child] of CHILDREN.entries()) {
      await db(tx)
        .insertInto('transport_child')
        .values({
          id: child.id,
          tenant_id: 'demo',
          household_id: HOUSEHOLD_ID,
          name: child.name,
          school: child.school,
          school_id: child.schoolId,
          grade: child.grade,
          route: child.route,
          transport_need: child.need,
          trip_type: tripTypeFor(child.need),
          rate_weekly_cents: weeklyRateFor(child.need),
          // A millisecond apart, so the children list in the order above.
          created_at: sql<Date>`now() + ${index} * interval '1 millisecond'`,
        })
        .execute();
    }
    await db(tx)
      .insertInto('transport_registration')
      .values({
        id: HOUSEHOLD_ID,
        tenant_id: 'demo',
        household_id: HOUSEHOLD_ID,
        status: 'approved',
        parent_name: 'Ana Rivera',
        parent_email: 'ana.rivera@demo.local',
        parent_phone: '555-0142',
      })
      .execute();
  });
