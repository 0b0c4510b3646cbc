import { z } from 'zod';
import { PRIVILEGED_ROLES } from '../session-user.ts';
import { canonicalTimeZone } from '../time-zone.ts';

export const TENANT_TIERS = ['starter', 'standard', 'enterprise'] as const;
export type TenantTier = (typeof TENANT_TIERS)[number];
export const DEFAULT_AUDIT_LIMIT = 100;
export const MAX_AUDIT_LIMIT = 1000;
/** Details are kept for reading, not as a store: a bound keeps one call from filling the table. */
export const MAX_AUDIT_DETAILS_CHARS = 10_000;

export const tenantSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a tenant slug (a-z, 0-9, -)');

/** "Clamped": out-of-range numbers are pulled into 1..1000 rather than refused; non-numbers are refused. */
export const auditLimit = z
  .string()
  .regex(/^-?\d{1,12}$/, 'limit must be a whole number')
  .optional()
  .transform((value) => (value === undefined ? DEFAULT_AUDIT_LIMIT : Math.min(MAX_AUDIT_LIMIT, Math.max(1, Number(value)))));

export const auditLogInput = z.strictObject({ tenant_id: tenantSlug.optional(), limit: auditLimit });

/** Optional filters of the audit log: exact action, actor and household; `resource` matches a prefix. */
export const tenantLogsInput = z.strictObject({
  tenant: z.string().max(200),
  limit: auditLimit,
  action: z.string().trim().min(1).max(200).optional(),
  actor: z.string().trim().min(1).max(254).optional(),
  household_id: z.string().trim().min(1).max(100).optional(),
  resource: z.string().trim().min(1).max(500).optional(),
});

export const themeInput = z.strictObject({ slug: z.string().max(200) });

const email = z.string().trim().toLowerCase().max(254).email();

export const assumeIdentityInput = z.strictObject({
  tenant_id: tenantSlug,
  user_email: email.optional().nullable(),
  target_role: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z_]{0,49}$/, 'target_role must be a role name')
    .refine((role) => !(PRIVILEGED_ROLES as readonly string[]).includes(role), 'target_role cannot be a platform role')
    .optional(),
});

export const exitImpersonationInput = z.strictObject({ token: z.string().max(200).optional() });

const detailsObject = z
  .record(z.string(), z.unknown())
  .refine(
    (details) => JSON.stringify(details).length <= MAX_AUDIT_DETAILS_CHARS,
    `details must be under ${MAX_AUDIT_DETAILS_CHARS} characters as JSON`,
  );

export const logActionInput = z.strictObject({
  action: z.string().trim().min(1, 'action is required').max(200),
  resource: z.string().max(500).optional().nullable(),
  details: detailsObject.optional().nullable(),
});

/** The operator's own payment instructions (empty or null clears them). */
export const paymentSettingsInput = z.strictObject({
  payment_instructions: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .transform((value) => (value ? value : null)),
});

/** An IANA time zone name the platform knows (`America/New_York`), kept in its canonical spelling. */
export const timeZoneName = z
  .string()
  .trim()
  .max(64)
  .transform((zone, context) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) {
      context.addIssue({ code: 'custom', message: 'time_zone must be an IANA time zone name such as America/New_York' });

      return z.NEVER;
    }

    return canonical;
  });

export const timeZoneSettingsInput = z.strictObject({ time_zone: timeZoneName });
