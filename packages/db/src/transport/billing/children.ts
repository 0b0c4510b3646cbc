import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { CHILD_COLUMNS, type ChildRow } from './rows.ts';

/** The tenant's children with billing's columns, as `c`: the start of every read of children. */
export const tenantChildren = (em: SqlEntityManager, tenantId: string) =>
  db(em).selectFrom('transport_child as c').select(CHILD_COLUMNS).where('c.tenant_id', '=', tenantId);

export const listActiveChildren = (em: SqlEntityManager, tenantId: string): Promise<ChildRow[]> =>
  tenantChildren(em, tenantId).where('c.active', '=', true).orderBy('c.name').orderBy('c.id').execute();
