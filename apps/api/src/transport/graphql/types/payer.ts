import { asInstant } from './instant.ts';
import { PayerRef } from './refs.ts';

PayerRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    relationship: t.exposeString('relationship', { nullable: true }),
    isPrimary: t.exposeBoolean('is_primary', { description: 'The registering parent; takes whatever no allocation covers.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (payer) => asInstant(payer.created_at) }),
  }),
});
