import { formatCents } from '@switchyard/domain/money';
import { TransportNeedEnum, TripTypeEnum } from './enums.ts';
import { asInstant } from './instant.ts';
import { ChildRef } from './refs.ts';

ChildRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    school: t.exposeString('school', { nullable: true }),
    schoolId: t.exposeString('school_id', { nullable: true }),
    grade: t.exposeString('grade', { nullable: true }),
    route: t.exposeString('route', { nullable: true, description: 'The route named at registration, as given.' }),
    transportNeed: t.field({ type: TransportNeedEnum, resolve: (child) => child.transport_need }),
    tripType: t.field({ type: TripTypeEnum, resolve: (child) => child.trip_type }),
    rateWeeklyCents: t.field({ type: 'Cents', resolve: (child) => child.rate_weekly_cents }),
    rateWeeklyDisplay: t.string({ resolve: (child) => formatCents(child.rate_weekly_cents) }),
    active: t.exposeBoolean('active', { description: 'Only active children count in the weekly total.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (child) => asInstant(child.created_at) }),
  }),
});
