import type { SqlEntityManager } from '@mikro-orm/sql';
import { CHILD_COLUMNS, presentChild, type ChildRow } from './rows.ts';

export const listActiveChildren = async (em: SqlEntityManager, tenantId: string) => {
  const rows = await em.execute<ChildRow[]>(`select ${CHILD_COLUMNS} from transport_child c where c.tenant_id = ? and c.active order by c.name, c.id`, [tenantId]);

  return rows.map(presentChild);
};
