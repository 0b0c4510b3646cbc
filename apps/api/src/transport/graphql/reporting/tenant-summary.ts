import { formatCents } from '@switchyard/domain/money';
import { REGISTRATION_STATUSES } from '@switchyard/domain/transport/billing/schemas';
import { ROUTE_STATUSES, type RouteStatus } from '@switchyard/domain/transport/operations/schemas';
import { ACTIVE_BUS_WINDOW_MINUTES } from '@switchyard/db/transport/billing/dashboard-stats';
import {
  readRegistrationStatusCounts,
  readRouteStatusCounts,
  readTenantCounts,
  type StatusCountRow,
  type TenantCounts,
} from '@switchyard/db/transport/reporting/tenant-summary';
import type { TenantRow } from '@switchyard/db/transport/tenants';
import { builder, cost } from '../builder.ts';
import { TENANT_ARGUMENT, tenantArgument } from '../tenant-argument.ts';
import { RegistrationStatusEnum, RouteStatusEnum } from '../types/enums.ts';
import { TenantRef } from '../types/refs.ts';

type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

type TenantSummary = {
  tenant: TenantRow;
  asOf: Date;
  counts: TenantCounts;
  routesByStatus: { status: RouteStatus; count: number }[];
  householdsByStatus: { status: RegistrationStatus; count: number }[];
};

/** Every value in vocabulary order, zero included, so a chart keeps its shape. */
const everyValue = <Value extends string>(values: readonly Value[], rows: StatusCountRow[]) => {
  const counts = new Map(rows.map((row) => [row.status, row.count]));

  return values.map((status) => ({ status, count: counts.get(status) ?? 0 }));
};

const RouteStatusCountRef = builder.objectRef<TenantSummary['routesByStatus'][number]>('RouteStatusCount').implement({
  fields: (t) => ({
    status: t.field({ type: RouteStatusEnum, resolve: (row) => row.status }),
    count: t.exposeInt('count'),
  }),
});

const RegistrationStatusCountRef = builder.objectRef<TenantSummary['householdsByStatus'][number]>('RegistrationStatusCount').implement({
  fields: (t) => ({
    status: t.field({ type: RegistrationStatusEnum, resolve: (row) => row.status }),
    count: t.exposeInt('count'),
  }),
});

const TenantSummaryRef = builder.objectRef<TenantSummary>('TenantSummary').implement({
  description: "The tenant's head counts at one instant.",
  fields: (t) => ({
    tenant: t.field({ type: TenantRef, resolve: (summary) => summary.tenant }),
    asOf: t.field({ type: 'DateTime', resolve: (summary) => summary.asOf }),
    routeCount: t.int({ description: 'Every route, whatever its status.', resolve: (summary) => summary.counts.route_count }),
    routesByStatus: t.field({ type: [RouteStatusCountRef], resolve: (summary) => summary.routesByStatus }),
    busCount: t.int({ resolve: (summary) => summary.counts.bus_count }),
    reportingBusCount: t.int({
      description: `Buses whose tracker reported within the last ${ACTIVE_BUS_WINDOW_MINUTES} minutes (the dashboard's active buses).`,
      resolve: (summary) => summary.counts.reporting_bus_count,
    }),
    schoolCount: t.int({ resolve: (summary) => summary.counts.school_count }),
    householdCount: t.int({ resolve: (summary) => summary.counts.household_count }),
    householdsByRegistrationStatus: t.field({
      type: [RegistrationStatusCountRef],
      description: 'A household without a registration (seeded or imported) counts in householdCount only.',
      resolve: (summary) => summary.householdsByStatus,
    }),
    childCount: t.int({ description: 'Every child, active or not.', resolve: (summary) => summary.counts.child_count }),
    activeChildCount: t.int({ resolve: (summary) => summary.counts.active_child_count }),
    billableWeeklyTotalCents: t.field({
      type: 'Cents',
      description:
        'What one weekly billing run shares out: the weekly rates of active children in households whose registration is approved (or that were entered by staff).',
      resolve: (summary) => summary.counts.billable_weekly_total_cents,
    }),
    billableWeeklyTotalDisplay: t.string({ resolve: (summary) => formatCents(summary.counts.billable_weekly_total_cents) }),
  }),
});

builder.queryField('tenantSummary', (t) =>
  t.field({
    type: TenantSummaryRef,
    args: { tenant: t.arg.id(TENANT_ARGUMENT) },
    extensions: cost({ base: 25 }),
    resolve: async (_root, args, context) => {
      const tenant = await context.tenantFor(tenantArgument(args.tenant));
      const reportingSince = new Date(context.now.getTime() - ACTIVE_BUS_WINDOW_MINUTES * 60_000);
      const [counts, routes, households] = await Promise.all([
        readTenantCounts(context.em, tenant.id, reportingSince),
        readRouteStatusCounts(context.em, tenant.id),
        readRegistrationStatusCounts(context.em, tenant.id),
      ]);

      return {
        tenant,
        asOf: context.now,
        counts,
        routesByStatus: everyValue(ROUTE_STATUSES, routes),
        householdsByStatus: everyValue(REGISTRATION_STATUSES, households),
      };
    },
  }),
);
