import type { Kysely } from 'kysely';
import { BILLABLE_REGISTRATION_STATUSES } from '@switchyard/domain/transport/billing/billable';
import type { Database } from '../../kysely.ts';

/**
 * The households the domain's billing rule (billable.ts) leaves out: those whose registration has
 * a status that is not billable. A household without a registration (entered by staff) is billable,
 * so a query keeps the billable ones with `where('h.id', 'not in', unbillableHouseholdIds(db))`
 * (`household_id` is never null, so `not in` cannot be fooled by a null).
 */
export const unbillableHouseholdIds = (db: Kysely<Database>) =>
  db.selectFrom('transport_registration').select('household_id').where('status', 'not in', BILLABLE_REGISTRATION_STATUSES);
