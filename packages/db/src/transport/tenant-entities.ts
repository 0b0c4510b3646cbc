import { defineEntity, p } from '@mikro-orm/core';
import type { TenantTier } from '@switchyard/domain/transport/tenants/schemas';

// The entities declare the whole schema the migrations build (test/db/schema-diff.test.ts).

export const TenantSchema = defineEntity({
  name: 'TransportTenant',
  tableName: 'transport_tenant',
  checks: [
    { name: 'transport_tenant_id_check', expression: "id ~ '^[a-z0-9][a-z0-9-]*$'" },
    { name: 'transport_tenant_tier_check', expression: "tier in ('starter', 'standard', 'enterprise')" },
    { name: 'transport_tenant_home_lat_check', expression: "home_lat >= '-90' and home_lat <= '90'" },
    { name: 'transport_tenant_home_lng_check', expression: "home_lng >= '-180' and home_lng <= '180'" },
    { name: 'transport_tenant_home_zoom_check', expression: 'home_zoom >= 3 and home_zoom <= 17' },
    {
      name: 'transport_tenant_home_area_check',
      expression: '(home_lat is null) = (home_lng is null) and (home_lat is null) = (home_zoom is null)',
    },
    {
      name: 'transport_tenant_prices_check',
      expression:
        'one_way_rate_cents >= 0 and one_way_rate_cents <= 100000000 and two_way_rate_cents >= 0 and two_way_rate_cents <= 100000000 and registration_fee_cents >= 0 and registration_fee_cents <= 100000000',
    },
  ],
  properties: {
    id: p.text().primary(),
    name: p.string().length(200),
    tier: p.text().$type<TenantTier>().default('starter'),
    theme: p.json<Record<string, unknown>>().defaultRaw("'{}'::jsonb"),
    domain: p.text().nullable().unique('transport_tenant_domain_key'),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
    paymentInstructions: p.string().length(2000).fieldName('payment_instructions').nullable(),
    // An IANA name; route stop times are wall-clock times there.
    timeZone: p.string().length(64).fieldName('time_zone').default('UTC'),
    // The tenant's prices; a new tenant starts with the specification's numbers.
    oneWayRateCents: p.integer().fieldName('one_way_rate_cents').default(12000),
    twoWayRateCents: p.integer().fieldName('two_way_rate_cents').default(17500),
    registrationFeeCents: p.integer().fieldName('registration_fee_cents').default(5000),
    // Where the tenant's maps open (Migration20261128020000); all three null: taken from its stops.
    homeLat: p.double().fieldName('home_lat').nullable(),
    homeLng: p.double().fieldName('home_lng').nullable(),
    homeZoom: p.integer().fieldName('home_zoom').nullable(),
    /** ISO 4217. */
    currency: p.string().length(3).default('USD'),
  },
});
export class Tenant extends TenantSchema.class {}
TenantSchema.setClass(Tenant);

export const transportTenantEntities = [TenantSchema];
