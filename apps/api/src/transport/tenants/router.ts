import { router } from '../trpc.ts';

export const tenantsRouter = router({});
