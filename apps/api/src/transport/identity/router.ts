import { router } from '../trpc.ts';
import { login } from './procedures/login.ts';
import { register } from './procedures/register.ts';

export const identityRouter = router({ login, register });
