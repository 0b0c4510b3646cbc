import type { RestRoute } from '@switchyard/rest-adapter/route-table';
import { loginInput, registerInput } from '@switchyard/domain/transport/identity/schemas';

export const identityRestRoutes: RestRoute[] = [
  { method: 'POST', path: '/api/auth/login', procedure: 'identity.login', input: 'json', successStatus: 200, access: 'public', tags: ['auth'], summary: 'Sign in with email and password', inputSchema: loginInput, errors: ['unauthorized', 'bad_gateway'] },
  { method: 'POST', path: '/api/auth/register', procedure: 'identity.register', input: 'json', successStatus: 200, access: 'public', tags: ['auth'], summary: 'Create a parent account', inputSchema: registerInput, errors: ['not_found', 'conflict', 'bad_gateway'] },
];
