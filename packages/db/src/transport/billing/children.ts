import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { CHILD_COLUMNS, type ChildRow } from './rows.ts';

export const listActiveChildren = (em: SqlEntityManager, tenantId: string): Promise<ChildRow[]> =>
  db(em)
    .selectFrom('transport_child as c')
    .select(CHILD_COLUMNS)
    .where('c.tenant_id', '=', tenantId)
    .where('c.active', '=', true)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
