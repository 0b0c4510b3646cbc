import type { RestRoute } from '@switchyard/rest-adapter/route-table';
import { fullRegistrationInput, listRegistrationsInput, registrationRefInput } from '@switchyard/domain/transport/billing/schemas';

const staff = ['unauthorized', 'forbidden'];

export const billingRestRoutes: RestRoute[] = [
  { method: 'POST', path: '/api/registrations/full', procedure: 'billing.submitFullRegistration', input: 'json', successStatus: 201, access: 'public', tags: ['registrations'], summary: 'Register a household with its children (public signup)', inputSchema: fullRegistrationInput, errors: ['not_found'] },
  { method: 'GET', path: '/api/registrations', procedure: 'billing.listRegistrations', input: 'query', successStatus: 200, access: 'staff', tags: ['registrations'], summary: "The tenant's registrations, newest first", inputSchema: listRegistrationsInput, errors: staff },
  { method: 'PUT', path: '/api/registrations/{reg_id}/approve', procedure: 'billing.approveRegistration', input: 'none', successStatus: 200, access: 'staff', tags: ['registrations'], summary: 'Approve a registration and email the registration fee', inputSchema: registrationRefInput, errors: [...staff, 'not_found'] },
  { method: 'PUT', path: '/api/registrations/{reg_id}/reject', procedure: 'billing.rejectRegistration', input: 'none', successStatus: 200, access: 'staff', tags: ['registrations'], summary: 'Reject a registration', inputSchema: registrationRefInput, errors: [...staff, 'not_found'] },
];
