import { router } from './trpc.ts';
import { identityRouter } from './identity/router.ts';
import { tenantsRouter } from './tenants/router.ts';
import { operationsRouter } from './operations/router.ts';
import { billingRouter } from './billing/router.ts';

/** One sub-router per feature folder; each folder's rest-routes.ts maps its documented paths. */
export const transportRouter = router({
  identity: identityRouter,
  tenants: tenantsRouter,
  operations: operationsRouter,
  billing: billingRouter,
});

export type TransportRouter = typeof transportRouter;
