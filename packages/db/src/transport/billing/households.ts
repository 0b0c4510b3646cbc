import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RegistrationStatus } from '@switchyard/domain/transport/billing/schemas';
import { db } from '../../kysely.ts';
import { Household } from './entities.ts';
import { listAllocationsOfHouseholds, listChildrenOfHouseholds, listPayersOfHouseholds } from './household-parts.ts';
import type { AllocationRow, ChildRow, PayerRow } from './rows.ts';

/** A household row as stored, before billing's aggregates are added. */
export type HouseholdRow = {
  id: string;
  tenant_id: string;
  name: string;
  address: string | null;
  first_pickup_date: string | null;
  policy_acknowledged: string[] | string;
  emergency_contacts: unknown[] | string;
  created_at: unknown;
  /** Null for a household that did not come through the signup (seeded or imported). */
  registration_status: RegistrationStatus | null;
};

/** One household with everything billing needs, read in four statements for any number of households. */
export type HouseholdAggregate = {
  household: HouseholdRow;
  children: ChildRow[];
  payers: PayerRow[];
  allocations: AllocationRow[];
};

/** The stored columns of a household as `h`, shared by billing's reads and the reporting pages. */
export const HOUSEHOLD_COLUMNS = [
  'h.id',
  'h.tenant_id',
  'h.name',
  'h.address',
  'h.first_pickup_date',
  'h.policy_acknowledged',
  'h.emergency_contacts',
  'h.created_at',
] as const;

export const loadHouseholds = async (
  em: SqlEntityManager,
  tenantId: string,
  filter: { householdIds?: readonly string[] } = {},
): Promise<HouseholdAggregate[]> => {
  const only = filter.householdIds;
  if (only && only.length === 0) {
    return [];
  }
  const households: HouseholdRow[] = await db(em)
    .selectFrom('transport_household as h')
    .select((eb) => [
      ...HOUSEHOLD_COLUMNS,
      eb.selectFrom('transport_registration as r').select('r.status').whereRef('r.household_id', '=', 'h.id').as('registration_status'),
    ])
    .where('h.tenant_id', '=', tenantId)
    .$if(only !== undefined, (query) => query.where('h.id', 'in', only ?? []))
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id')
    .execute();
  if (households.length === 0) {
    return [];
  }
  const ids = households.map((row) => row.id);
  const [children, payers, allocations] = [
    await listChildrenOfHouseholds(em, tenantId, ids),
    await listPayersOfHouseholds(em, tenantId, ids),
    await listAllocationsOfHouseholds(em, tenantId, ids),
  ];

  return households.map((household) => ({
    household,
    children: children.filter((row) => row.household_id === household.id),
    payers: payers.filter((row) => row.household_id === household.id),
    allocations: allocations.filter((row) => row.household_id === household.id),
  }));
};

/** Sets the first pickup date of a tenant's household; false when it is not the tenant's. */
export const setFirstPickupDate = async (em: SqlEntityManager, tenantId: string, householdId: string, date: string): Promise<boolean> => {
  const changed = await em.nativeUpdate(Household, { id: householdId, tenantId }, { firstPickupDate: date });

  return changed > 0;
};
