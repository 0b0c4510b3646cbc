import { router } from '../trpc.ts';
import { submitFullRegistration } from './procedures/submit-full-registration.ts';
import { listRegistrations } from './procedures/list-registrations.ts';
import { approveRegistration } from './procedures/approve-registration.ts';
import { rejectRegistration } from './procedures/reject-registration.ts';

export const billingRouter = router({
  submitFullRegistration,
  listRegistrations,
  approveRegistration,
  rejectRegistration,
});
