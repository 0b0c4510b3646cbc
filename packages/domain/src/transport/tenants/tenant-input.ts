import { z } from 'zod';
import { isPlainObject } from '../identity/metadata.ts';
import { TENANT_SCOPED_ROLES } from '../session-user.ts';
import { TENANT_TIERS, tenantSlug } from './schemas.ts';

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'domain must be a host name such as buses.example.com');

/** `theme` arrives as JSON text from the command line and must be an object. */
const themeText = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPlainObject(parsed)) {
        return parsed;
      }
    } catch {
      // Reported below as one message for both cases.
    }
    ctx.addIssue({ code: 'custom', message: 'theme must be a JSON object, e.g. {"primary_color": "#1d4ed8"}' });

    return z.NEVER;
  });

export const newTenantInput = z.strictObject({
  slug: tenantSlug,
  name: z.string().trim().min(1, 'name is required').max(200),
  tier: z.enum(TENANT_TIERS, { message: `tier must be one of ${TENANT_TIERS.join(', ')}` }).default('starter'),
  domain: hostname.optional(),
  theme: themeText.optional(),
});

export const USER_ROLES = ['parent', 'operator', 'admin', 'platform_admin'] as const;

/**
 * A granted role takes its tenant only from app metadata (session-user.ts), so an operator or
 * parent added without one would belong to no tenant: the command refuses to make such an account.
 */
export const newUserInput = z
  .strictObject({
    email: z.string().trim().toLowerCase().max(254).email('email must be an email address'),
    password: z.string().min(6, 'password must be at least 6 characters').max(1000),
    role: z.enum(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` }),
    tenant: tenantSlug.optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.tenant && (TENANT_SCOPED_ROLES as readonly string[]).includes(input.role)) {
      ctx.addIssue({ code: 'custom', path: ['tenant'], message: `--tenant is required for the role ${input.role}` });
    }
  });
