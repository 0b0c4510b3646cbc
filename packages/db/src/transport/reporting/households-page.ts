import type { SqlEntityManager } from '@mikro-orm/sql';
import type { RegistrationStatus } from '@switchyard/domain/transport/billing/schemas';
import { db } from '../../kysely.ts';
import { HOUSEHOLD_COLUMNS, type HouseholdRow } from '../billing/households.ts';
import { keyColumn, toNumber, type PageKey, type PageWindow } from './keyset.ts';

export type HouseholdPageRow = Omit<HouseholdRow, 'created_at'> & { created_at: Date; key_created_at: string };

export type HouseholdFilter = { tenantId: string; registrationStatuses?: readonly RegistrationStatus[] | undefined };

/** The tenant's households matching the filter, as `h`. */
const filtered = (em: SqlEntityManager, filter: HouseholdFilter) => {
  const statuses = filter.registrationStatuses ?? [];

  return db(em)
    .selectFrom('transport_household as h')
    .where('h.tenant_id', '=', filter.tenantId)
    .$if(statuses.length > 0, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('transport_registration as r')
            .select('r.id')
            .whereRef('r.tenant_id', '=', 'h.tenant_id')
            .whereRef('r.household_id', '=', 'h.id')
            .where('r.status', 'in', statuses),
        ),
      ),
    );
};

/**
 * One forward page of the tenant's households, newest first, in one statement. It reads one row
 * more than `size`, so `hasMore` tells exactly whether older households follow the page.
 */
export const listHouseholdsPage = async (
  em: SqlEntityManager,
  input: PageWindow & { filter: HouseholdFilter },
): Promise<{ rows: HouseholdPageRow[]; hasMore: boolean }> => {
  const { after } = input;
  const rows = await filtered(em, input.filter)
    .select((eb) => [
      ...HOUSEHOLD_COLUMNS,
      keyColumn('h').as('key_created_at'),
      eb
        .selectFrom('transport_registration as r')
        .select('r.status')
        .whereRef('r.tenant_id', '=', 'h.tenant_id')
        .whereRef('r.household_id', '=', 'h.id')
        .orderBy('r.created_at', 'desc')
        .limit(1)
        .as('registration_status'),
    ])
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb(
          eb.refTuple('h.created_at', 'h.id'),
          '<',
          eb.tuple(eb.cast<Date>(eb.val(after?.createdAt ?? ''), 'timestamptz'), after?.id ?? ''),
        ),
      ),
    )
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(input.size + 1)
    .execute();

  return { rows: rows.slice(0, input.size), hasMore: rows.length > input.size };
};

/** Whether a household matching the filter sits at `key` or is newer: the page after `key` has something before it. */
export const householdExistsAtOrNewer = async (em: SqlEntityManager, filter: HouseholdFilter, key: PageKey): Promise<boolean> => {
  const row = await filtered(em, filter)
    .select('h.id')
    .where((eb) => eb(eb.refTuple('h.created_at', 'h.id'), '>=', eb.tuple(eb.cast<Date>(eb.val(key.createdAt), 'timestamptz'), key.id)))
    .orderBy('h.created_at')
    .orderBy('h.id')
    .limit(1)
    .executeTakeFirst();

  return row !== undefined;
};

export const countHouseholds = async (em: SqlEntityManager, filter: HouseholdFilter): Promise<number> => {
  const row = await filtered(em, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();

  return toNumber(row?.total);
};
