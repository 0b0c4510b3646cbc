import { invalidates } from '../../shared/query/query-client.ts';
import { transportTrpc } from './transport-client.ts';

/**
 * What each kind of change makes stale, named once so every form of an area refreshes the same
 * queries. A change refetches its own router's queries (`pathFilter()`), plus queries elsewhere
 * that show what it changed: the dashboard counts buses and routes, and a route's stops, times and
 * bus change its arrival estimates.
 */
export const afterBillingChange = invalidates(transportTrpc.billing.pathFilter());

export const afterOperationsChange = invalidates(
  transportTrpc.operations.pathFilter(),
  transportTrpc.live.pathFilter(),
  transportTrpc.billing.dashboardStats.queryFilter(),
);

/** Starting or ending an assumed identity writes the audit log. */
export const afterTenantsChange = invalidates(transportTrpc.tenants.pathFilter());

/** A new time zone moves every trip: the setting itself, the tenant lists and the live answers. */
export const afterTimeZoneChange = invalidates(transportTrpc.tenants.pathFilter(), transportTrpc.live.pathFilter());

/** A new tenant or invitation: the tenants list, the staff lists and the audit logs. */
export const afterStaffChange = invalidates(transportTrpc.staff.pathFilter(), transportTrpc.tenants.pathFilter());

/** New prices: the setting, the rates families read and every billing total (children are repriced). */
export const afterPricingChange = invalidates(transportTrpc.tenants.pathFilter(), transportTrpc.billing.pathFilter());
