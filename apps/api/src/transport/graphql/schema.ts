import { builder } from './builder.ts';
import './types/enums.ts';
import './types/tenant.ts';
import './types/route.ts';
import './types/bus.ts';
import './types/school.ts';
import './types/household.ts';
import './types/child.ts';
import './types/payer.ts';
import './types/invoice.ts';
import './types/audit-entry.ts';
import './tenant-queries.ts';
import './reporting/tenant-summary.ts';
import './reporting/fleet.ts';
import './reporting/billing-summary.ts';
import './reporting/households.ts';
import './reporting/audit-log.ts';

builder.queryType({
  description:
    "Read-only reporting for transport staff. Every field needs an operator's, admin's or platform administrator's access token as `Authorization: Bearer`. A report reads the tenant its `tenant` argument names; without one, your own tenant, or for a platform administrator without one the `X-Tenant-Id` header, else `demo`.",
  // Scopes on the root type run for each of its fields, so no field can be added without the check.
  authScopes: { staff: true },
});

export const transportGraphqlSchema = builder.toSchema();
