import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../../single-line.ts';
import { MAX_EMAIL_LENGTH } from '../identity/credentials.ts';
import { TENANT_TIERS, tenantSlug, timeZoneName } from '../tenants/schemas.ts';

const email = z.string().trim().toLowerCase().min(1, 'email is required').max(MAX_EMAIL_LENGTH).email('email must be an email address');

/** A tenant created from the web app: the same fields as `switchyard tenant add`, theme aside. */
export const createTenantInput = z.strictObject({
  slug: tenantSlug,
  name: z.string().trim().min(1, 'name is required').max(200),
  tier: z.enum(TENANT_TIERS, { message: `tier must be one of ${TENANT_TIERS.join(', ')}` }).default('starter'),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'domain must be a host name such as buses.example.com')
    .optional(),
  /** Where the tenant's route stop times are read; UTC when left out. */
  time_zone: timeZoneName.optional(),
});

export const inviteOperatorInput = z.strictObject({
  tenant: z.string().max(200),
  email,
  display_name: z.string().trim().max(200).refine(isSingleLine, SINGLE_LINE_MESSAGE).optional(),
});

export const tenantStaffInput = z.strictObject({ tenant: z.string().max(200) });
