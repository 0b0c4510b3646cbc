import { z } from 'zod';

/** What the transport tenant and impersonation paths answer (presenters.ts builds them). */

const timestamp = z.iso.datetime();

const themeFields = {
  name: z.string(),
  tier: z.string(),
  theme: z.record(z.string(), z.unknown()),
  domain: z.string().nullable(),
};

export const healthOutput = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'error']),
  version: z.string(),
  time: timestamp,
});

export const tenantListOutput = z.array(
  z.strictObject({
    id: z.string(),
    ...themeFields,
    time_zone: z.string().describe('IANA time zone; route stop times are wall-clock times there'),
    created_at: timestamp,
  }),
);

export const timeZoneSettingsOutput = z.strictObject({
  tenant_id: z.string(),
  time_zone: z.string().describe('IANA time zone name; route stop times are wall-clock times there and "today" is its local day'),
});

export const themeOutput = z.strictObject({ tenant_id: z.string(), ...themeFields });

export const auditRowsOutput = z.array(
  z.strictObject({
    id: z.string(),
    tenant_id: z.string().nullable(),
    actor: z.string(),
    action: z.string(),
    resource: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    household_id: z.string().nullable().describe('The household the row concerns, when it concerns one'),
    admin_actor: z.boolean().describe('Written by a platform administrator'),
    created_at: timestamp,
  }),
);

export const assumeIdentityOutput = z.strictObject({ token: z.string(), expires_at: timestamp, banner: z.string() });

export const exitImpersonationOutput = z.strictObject({
  status: z.literal('ok'),
  exited: z.boolean(),
  tenant_id: z.string().optional().describe('The tenant of the ended session'),
  detail: z.string().optional().describe('Why nothing was ended'),
});

export const logActionOutput = z.strictObject({ status: z.literal('ok'), id: z.string(), logged: z.literal(true) });

export const impersonatedMeOutput = z.strictObject({
  impersonated_user: z.strictObject({
    email: z.string().nullable(),
    role: z.string(),
    tenant_id: z.string(),
    impersonated_by: z.string(),
    expires_at: timestamp,
  }),
});

export const pricingSettingsOutput = z.strictObject({
  tenant_id: z.string(),
  one_way: z.number().describe('Weekly rate per child riding one leg of the day (mornings or afternoons only), in currency units'),
  two_way: z.number().describe('Weekly rate per child riding both legs, in currency units'),
  registration_fee: z.number().describe('Charged once, on approval, in currency units'),
  currency: z.string().describe('ISO 4217 code of the amounts'),
});

export const homeAreaOutput = z.strictObject({
  tenant_id: z.string(),
  home_area: z
    .strictObject({ lat: z.number(), lng: z.number(), zoom: z.int(), source: z.enum(['set', 'stops']) })
    .nullable()
    .describe("Where the tenant's maps open: `set` on the settings page, else from its stops; null with neither"),
});
