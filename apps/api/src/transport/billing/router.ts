import { router } from '../trpc.ts';

export const billingRouter = router({});
