import { invalidates } from '../../shared/query/query-client.ts';
import { transportTrpc } from './transport-client.ts';

/**
 * What each kind of change makes stale, named once so every form of an area refreshes the same
 * queries. A change refetches its own router's queries (`pathFilter()`), plus queries elsewhere
 * that show what it changed: the dashboard counts buses and routes.
 */
export const afterBillingChange = invalidates(transportTrpc.billing.pathFilter());

export const afterOperationsChange = invalidates(transportTrpc.operations.pathFilter(), transportTrpc.billing.dashboardStats.queryFilter());

/** Starting or ending an assumed identity writes the audit log. */
export const afterTenantsChange = invalidates(transportTrpc.tenants.pathFilter());

/** A new tenant or invitation: the tenants list, the staff lists and the audit logs. */
export const afterStaffChange = invalidates(transportTrpc.staff.pathFilter(), transportTrpc.tenants.pathFilter());
