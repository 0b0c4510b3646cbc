import { SchoolRef } from './refs.ts';

SchoolRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    address: t.exposeString('address', { nullable: true }),
    startTime: t.exposeString('start_time', { nullable: true, description: '`HH:MM`, 24-hour.' }),
    endTime: t.exposeString('end_time', { nullable: true, description: '`HH:MM`, 24-hour.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (school) => school.created_at }),
  }),
});
