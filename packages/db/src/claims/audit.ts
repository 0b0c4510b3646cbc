import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AuditAction, AuditEntityType } from '@switchyard/domain/claims/vocabulary';
import { AuditEntry } from './entities.ts';

export type AuditInput = {
  entityType: AuditEntityType;
  entityId: string;
  claimId: string | null;
  action: AuditAction;
  actor: string;
  field?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  reason?: string | null;
  at: Date;
};

/** Queues an audit row in the caller's unit of work; the table itself refuses later edits. */
export const recordAudit = (tx: SqlEntityManager, entry: AuditInput): void => {
  tx.create(AuditEntry, {
    id: randomUUID(),
    entityType: entry.entityType,
    entityId: entry.entityId,
    claimId: entry.claimId,
    action: entry.action,
    field: entry.field ?? null,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    actor: entry.actor,
    reason: entry.reason ?? null,
    createdAt: entry.at,
  });
};

/** Records one CSV export under its caller, the filters it used as the new value. */
export const recordExport = async (em: SqlEntityManager, input: { filters: string; actor: string; at: Date }): Promise<void> => {
  const tx = em.fork();
  recordAudit(tx, {
    entityType: 'export',
    entityId: randomUUID(),
    claimId: null,
    action: 'export',
    field: 'filters',
    newValue: input.filters,
    actor: input.actor,
    at: input.at,
  });
  await tx.flush();
};
