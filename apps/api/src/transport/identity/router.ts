import { router } from '../trpc.ts';
import { confirmEmail } from './procedures/confirm-email.ts';
import { login } from './procedures/login.ts';
import { recover } from './procedures/recover.ts';
import { register } from './procedures/register.ts';
import { setPassword } from './procedures/set-password.ts';

export const identityRouter = router({ login, register, recover, setPassword, confirmEmail });
