import type { SqlEntityManager } from '@mikro-orm/sql';
import { tripTypeFor, weeklyRateFor, type TransportNeed } from '@switchyard/domain/transport/billing/rates';

/** Fixed ids make the seed idempotent: a second run finds its rows and adds nothing. */
const HOUSEHOLD_ID = '5eed0000-0000-4000-8000-000000000001';
const PAYER_ID = '5eed0000-0000-4000-8000-000000000002';
const CHILDREN: { id: string; name: string; need: TransportNeed; school: string; schoolId: string; grade: string; route: string }[] = [
  { id: '5eed0000-0000-4000-8000-000000000003', name: 'Mia Rivera', need: 'both', school: 'Oakwood Elementary', schoolId: 'oakwood-elementary', grade: '3', route: 'north-loop' },
  { id: '5eed0000-0000-4000-8000-000000000004', name: 'Leo Rivera', need: 'morning', school: 'Riverside Middle', schoolId: 'riverside-middle', grade: '7', route: 'north-loop' },
];

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
