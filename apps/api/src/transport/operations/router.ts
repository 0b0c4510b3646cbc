import { router } from '../trpc.ts';

export const operationsRouter = router({});
