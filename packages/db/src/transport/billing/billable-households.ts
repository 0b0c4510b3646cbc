import { BILLABLE_REGISTRATION_STATUSES } from '@switchyard/domain/transport/billing/billable';

const billableList = BILLABLE_REGISTRATION_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * The SQL form of the domain's billing rule (billable.ts) for the household aliased `alias`: no
 * registration (entered by staff) or one whose status is billable.
 */
export const billableHouseholdSql = (alias: string): string =>
  `not exists (select 1 from transport_registration br where br.household_id = ${alias}.id and br.status not in (${billableList}))`;
