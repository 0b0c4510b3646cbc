import { router } from '../trpc.ts';
import { createTenant } from './procedures/create-tenant.ts';
import { inviteOperator } from './procedures/invite-operator.ts';
import { tenantStaff } from './procedures/tenant-staff.ts';

export const staffRouter = router({ createTenant, inviteOperator, tenantStaff });
