import type { SqlEntityManager } from '@mikro-orm/sql';
import { tripTypeFor, weeklyRateFor, type TransportNeed } from '@switchyard/domain/transport/billing/rates';

/** Fixed ids make the seed idempotent: a second run finds its rows and adds nothing. */
const HOUSEHOLD_ID = '5eed0000-0000-4000-8000-000000000001';
const PAYER_ID = '5eed0000-0000-4000-8000-000000000002';
/**
 * The children attend schools and ride routes the demo operations seed creates
 * (seed-demo-operations.ts), so every reference of the demo tenant points at something.
 */
const CHILDREN: { id: string; name: string; need: TransportNeed; school: string; schoolId: string; grade: string; route: string }[] = [
  { id: '5eed0000-0000-4000-8000-000000000003', name: 'Mia Rivera', need: 'both', school: 'Jacob G. Smith Elementary', schoolId: 'jacob-g-smith-elementary', grade: '3', route: 'midtown-loop' },
  { id: '5eed0000-0000-4000-8000-000000000004', name: 'Leo Rivera', need: 'morning', school: 'Hesse K-8 School', schoolId: 'hesse-k8', grade: '7', route: 'southside-morning' },
];
/** What earlier seeds gave the children: schools and a route the demo tenant never had. */
const EARLIER_SCHOOL_IDS = ['oakwood-elementary', 'riverside-middle'];

/** One sample household of the demo tenant: an approved registration, its primary payer and two children. */
export const seedDemoHousehold = (em: SqlEntityManager): Promise<void> =>
  em.fork().transactional(async (tx) => {
    const inserted = await tx.execute<{ id: string }[]>(
      `insert into transport_household (id, tenant_id, name, address, first_pickup_date, policy_acknowledged)
       values (?, 'demo', 'Ana Rivera', '12 Harbor Street', null, '["safety", "payment-terms"]'::jsonb)
       on conflict (id) do nothing returning id`,
      [HOUSEHOLD_ID],
    );
    if (inserted.length === 0) {
      // Seeded before: point the sample children, if still as first seeded, at the demo's real schools and routes.
      for (const child of CHILDREN) {
        await tx.execute(`update transport_child set school = ?, school_id = ?, route = ? where id = ? and school_id in (${EARLIER_SCHOOL_IDS.map(() => '?').join(', ')})`, [
          child.school,
          child.schoolId,
          child.route,
          child.id,
          ...EARLIER_SCHOOL_IDS,
        ]);
      }

      return;
    }
    await tx.execute(
      `insert into transport_payer (id, tenant_id, household_id, name, email, phone, relationship, is_primary)
       values (?, 'demo', ?, 'Ana Rivera', 'ana.rivera@demo.local', '555-0142', 'mother', true)`,
      [PAYER_ID, HOUSEHOLD_ID],
    );
    for (const [index, child] of CHILDREN.entries()) {
      await tx.execute(
        `insert into transport_child (id, tenant_id, household_id, name, school, school_id, grade, route, transport_need, trip_type, rate_weekly_cents, created_at)
         values (?, 'demo', ?, ?, ?, ?, ?, ?, ?, ?, ?, now() + ? * interval '1 millisecond')`,
        [child.id, HOUSEHOLD_ID, child.name, child.school, child.schoolId, child.grade, child.route, child.need, tripTypeFor(child.need), weeklyRateFor(child.need), index],
      );
    }
    await tx.execute(
      `insert into transport_registration (id, tenant_id, household_id, status, parent_name, parent_email, parent_phone)
       values (?, 'demo', ?, 'approved', 'Ana Rivera', 'ana.rivera@demo.local', '555-0142')`,
      [HOUSEHOLD_ID, HOUSEHOLD_ID],
    );
  });
