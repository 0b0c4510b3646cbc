import { router } from '../trpc.ts';

export const identityRouter = router({});
