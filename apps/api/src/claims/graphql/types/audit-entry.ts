import { AuditActionEnum, AuditEntityTypeEnum } from './enums.ts';
import { AuditEntryRef } from './refs.ts';

AuditEntryRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    entityType: t.field({ type: AuditEntityTypeEnum, resolve: (entry) => entry.entity_type }),
    entityId: t.exposeString('entity_id'),
    action: t.field({ type: AuditActionEnum, resolve: (entry) => entry.action }),
    field: t.exposeString('field', { nullable: true }),
    oldValue: t.exposeString('old_value', { nullable: true }),
    newValue: t.exposeString('new_value', { nullable: true }),
    actor: t.exposeString('actor'),
    reason: t.exposeString('reason', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (entry) => entry.created_at }),
  }),
});
