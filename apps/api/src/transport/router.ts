import { router } from './trpc.ts';
import { identityRouter } from './identity/router.ts';
import { tenantsRouter } from './tenants/router.ts';
import { operationsRouter } from './operations/router.ts';
import { billingRouter } from './billing/router.ts';
import { liveRouter } from './live/router.ts';
import { staffRouter } from './staff/router.ts';

/** One sub-router per feature folder; each procedure declares its documented REST path (`meta.rest`). */
export const transportRouter = router({
  identity: identityRouter,
  tenants: tenantsRouter,
  operations: operationsRouter,
  billing: billingRouter,
  live: liveRouter,
  staff: staffRouter,
});

export type TransportRouter = typeof transportRouter;
