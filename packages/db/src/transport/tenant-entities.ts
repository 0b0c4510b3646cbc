import { defineEntity, p } from '@mikro-orm/core';

// The entities declare the whole schema the migrations build (test/db/schema-diff.test.ts).

export const TenantSchema = defineEntity({
  name: 'TransportTenant',
  tableName: 'transport_tenant',
  checks: [
    { name: 'transport_tenant_id_check', expression: "id ~ '^[a-z0-9][a-z0-9-]*$'" },
    { name: 'transport_tenant_tier_check', expression: "tier in ('starter', 'standard', 'enterprise')" },
  ],
  properties: {
    id: p.text().primary(),
    name: p.string().length(200),
    tier: p.text().default('starter'),
    theme: p.json<Record<string, unknown>>().defaultRaw("'{}'::jsonb"),
    domain: p.text().nullable().unique('transport_tenant_domain_key'),
    createdAt: p.datetime().fieldName('created_at').defaultRaw('now()'),
    paymentInstructions: p.string().length(2000).fieldName('payment_instructions').nullable(),
    // An IANA name; route stop times are wall-clock times there.
    timeZone: p.string().length(64).fieldName('time_zone').default('UTC'),
  },
});
export class Tenant extends TenantSchema.class {}
TenantSchema.setClass(Tenant);

export const transportTenantEntities = [TenantSchema];
