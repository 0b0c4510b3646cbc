import { BusinessTypeEnum } from './enums.ts';
import { DebtorRef } from './refs.ts';

DebtorRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    businessType: t.field({ type: BusinessTypeEnum, resolve: (debtor) => debtor.business_type }),
    contactEmail: t.exposeString('contact_email', { nullable: true }),
    contactPhone: t.exposeString('contact_phone', { nullable: true }),
    physicalAddress: t.exposeString('physical_address', { nullable: true }),
    crmId: t.exposeString('crm_id', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (debtor) => debtor.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (debtor) => debtor.updated_at }),
  }),
});
