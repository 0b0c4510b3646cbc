import type { ChildRow, InvoiceRow, PayerRow } from '@switchyard/db/transport/billing/rows';
import type { BusRow } from '@switchyard/db/transport/operations/buses';
import type { RouteRow } from '@switchyard/db/transport/operations/routes';
import type { SchoolRow } from '@switchyard/db/transport/operations/schools';
import type { AuditPageRow } from '@switchyard/db/transport/reporting/audit-page';
import type { HouseholdPageRow } from '@switchyard/db/transport/reporting/households-page';
import type { RouteStopRow } from '@switchyard/db/transport/reporting/routes';
import type { TenantRow } from '@switchyard/db/transport/tenants';
import { builder } from '../builder.ts';

/** Declared apart from their fields so that types can point at each other (a route at its bus and back). */
export const TenantRef = builder.objectRef<TenantRow>('Tenant');
export const RouteRef = builder.objectRef<RouteRow>('Route');
export const RouteStopRef = builder.objectRef<RouteStopRow>('RouteStop');
export const BusRef = builder.objectRef<BusRow>('Bus');
export const SchoolRef = builder.objectRef<SchoolRow>('School');
export const HouseholdRef = builder.objectRef<HouseholdPageRow>('Household');
export const ChildRef = builder.objectRef<ChildRow>('Child');
export const PayerRef = builder.objectRef<PayerRow>('Payer');
/** An invoice travels with its tenant, which the billing row shape leaves out, so its payer can be looked up. */
export const InvoiceRef = builder.objectRef<InvoiceRow & { tenant_id: string }>('Invoice');
export const PayerSplitRef = builder.objectRef<{ payer: PayerRow; amountCents: number }>('PayerSplit');
export const AuditEntryRef = builder.objectRef<AuditPageRow>('AuditEntry');
