import type { RestRoute } from '@switchyard/rest-adapter/route-table';
import { identityRestRoutes } from './identity/rest-routes.ts';
import { tenantsRestRoutes } from './tenants/rest-routes.ts';
import { operationsRestRoutes } from './operations/rest-routes.ts';
import { billingRestRoutes } from './billing/rest-routes.ts';

/** Every documented path of the transport API; served under /api and under /{tenant}/api. */
export const transportRestRoutes: RestRoute[] = [...identityRestRoutes, ...tenantsRestRoutes, ...operationsRestRoutes, ...billingRestRoutes];
