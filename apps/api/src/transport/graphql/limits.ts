import { GRAPHQL_REQUEST_LIMITS } from '../../graphql-common/request-limits.ts';

/** The shared request limits, plus the page sizes and the list sizes the cost estimate assumes. */
export const TRANSPORT_GRAPHQL_LIMITS = {
  ...GRAPHQL_REQUEST_LIMITS,
  /** Rows per page of `households` and `auditLog`. */
  maxPageSize: 100,
  defaultPageSize: 20,
  /**
   * Sizes assumed for lists that return every row, as the REST lists do. They are typical
   * figures, not caps: the estimate weighs a query's shape, not a tenant's size.
   */
  assumed: { tenants: 20, routes: 50, buses: 50, schools: 50, stops: 20, routesPerBus: 3, children: 5, payers: 3, invoices: 10 },
} as const;
