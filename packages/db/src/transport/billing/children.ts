import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { CHILD_COLUMNS, presentChild } from './rows.ts';

export const listActiveChildren = async (em: SqlEntityManager, tenantId: string) => {
  const rows = await db(em)
    .selectFrom('transport_child as c')
    .select(CHILD_COLUMNS)
    .where('c.tenant_id', '=', tenantId)
    .where('c.active', '=', true)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();

  return rows.map(presentChild);
};
