import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { Household } from './entities.ts';
import { isBillableRegistration } from '@switchyard/domain/transport/billing/billable';
import { splitHousehold, weeklyTotalCents, type SplitType } from '@switchyard/domain/transport/billing/billing-split';
import {
  ALLOCATION_COLUMNS,
  CHILD_COLUMNS,
  isoTimestamp,
  PAYER_COLUMNS,
  presentAllocation,
  presentChild,
  presentPayer,
  type AllocationRow,
  type ChildRow,
  type PayerRow,
} from './rows.ts';

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
  registration_status: string | null;
};

/** One household with everything billing needs, read in four statements for any number of households. */
export type HouseholdAggregate = {
  household: HouseholdRow;
  children: ChildRow[];
  payers: PayerRow[];
  allocations: AllocationRow[];
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

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
      'h.id',
      'h.tenant_id',
      'h.name',
      'h.address',
      'h.first_pickup_date',
      'h.policy_acknowledged',
      'h.emergency_contacts',
      'h.created_at',
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
    await db(em)
      .selectFrom('transport_child as c')
      .select(CHILD_COLUMNS)
      .where('c.tenant_id', '=', tenantId)
      .where('c.household_id', 'in', ids)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute(),
    await db(em)
      .selectFrom('transport_payer as p')
      .select(PAYER_COLUMNS)
      .where('p.tenant_id', '=', tenantId)
      .where('p.household_id', 'in', ids)
      .orderBy('p.is_primary', 'desc')
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute(),
    await db(em)
      .selectFrom('transport_billing_allocation as a')
      .select(ALLOCATION_COLUMNS)
      .where('a.tenant_id', '=', tenantId)
      .where('a.household_id', 'in', ids)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute(),
  ];

  return households.map((household) => ({
    household,
    children: children.filter((row) => row.household_id === household.id),
    payers: payers.filter((row) => row.household_id === household.id),
    allocations: allocations.filter((row) => row.household_id === household.id),
  }));
};

export const isBillable = (aggregate: HouseholdAggregate): boolean => isBillableRegistration(aggregate.household.registration_status);

const activeChildren = (aggregate: HouseholdAggregate) =>
  aggregate.children.filter((child) => child.active).map((child) => ({ id: child.id, rateCents: child.rate_weekly_cents }));

export const householdWeeklyTotalCents = (aggregate: HouseholdAggregate): number => weeklyTotalCents(activeChildren(aggregate));

/** Each payer's share of the weekly total; empty when the household has no primary payer to take the rest. */
export const householdShares = (aggregate: HouseholdAggregate) => {
  const primary = aggregate.payers.find((payer) => payer.is_primary);
  if (!primary) {
    return [];
  }

  return splitHousehold({
    children: activeChildren(aggregate),
    allocations: aggregate.allocations.map((row) => ({
      payerId: row.payer_id,
      childId: row.child_id,
      splitType: row.split_type as SplitType,
      value: Number(row.value),
    })),
    payerIds: aggregate.payers.map((payer) => payer.id),
    primaryPayerId: primary.id,
  });
};

export const presentHouseholdSummary = (aggregate: HouseholdAggregate) => ({
  id: aggregate.household.id,
  tenant_id: aggregate.household.tenant_id,
  name: aggregate.household.name,
  address: aggregate.household.address,
  first_pickup_date: aggregate.household.first_pickup_date,
  policy_acknowledged: parsed(aggregate.household.policy_acknowledged),
  emergency_contacts: parsed(aggregate.household.emergency_contacts),
  created_at: isoTimestamp(aggregate.household.created_at),
  registration_status: aggregate.household.registration_status,
  children: aggregate.children.map(presentChild),
  weekly_total: householdWeeklyTotalCents(aggregate) / 100,
});

export const presentHouseholdDetail = (aggregate: HouseholdAggregate) => ({
  ...presentHouseholdSummary(aggregate),
  payers: aggregate.payers.map(presentPayer),
  allocations: aggregate.allocations.map(presentAllocation),
  payer_splits: householdShares(aggregate).map((share) => ({ payer_id: share.payerId, amount: share.amountCents / 100 })),
});

/** Sets the first pickup date of a tenant's household; false when it is not the tenant's. */
export const setFirstPickupDate = async (em: SqlEntityManager, tenantId: string, householdId: string, date: string): Promise<boolean> => {
  const changed = await em.nativeUpdate(Household, { id: householdId, tenantId }, { firstPickupDate: date });

  return changed > 0;
};
