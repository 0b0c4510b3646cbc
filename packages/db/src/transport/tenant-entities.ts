import { defineEntity, p } from '@mikro-orm/core';

export const TenantSchema = defineEntity({
  name: 'TransportTenant',
  tableName: 'transport_tenant',
  properties: {
    id: p.string().primary(),
    name: p.string(),
    tier: p.string(),
    theme: p.json<Record<string, unknown>>(),
    domain: p.string().nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  },
});
export class Tenant extends TenantSchema.class {}
TenantSchema.setClass(Tenant);

export const transportTenantEntities = [TenantSchema];
