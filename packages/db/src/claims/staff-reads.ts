import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { db } from '../kysely.ts';
import type { StaffListInput, StaffListSort } from '@switchyard/domain/claims/schemas';
import { CLAIM_STATUSES } from '@switchyard/domain/claims/vocabulary';
import type { AuditRow } from './claim-reads.ts';

export type StaffListRow = {
  claim_number: string;
  status: string;
  tier: string;
  amount_cents: number;
  created_at: Date;
  updated_at: Date;
  date_resolved: Date | null;
  client_number: string;
  company_name: string;
  contact_name: string;
  email: string;
  debtor_name: string;
  business_type: string;
  document_count: number;
  note_count: number;
};

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeContains = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Claim numbers sort by year, then counter as a number (the counter may grow past four digits). */
const SORT_KEYS: Record<StaffListSort, string[]> = {
  claim_number: ["split_part(c.claim_number, '-', 2)::int", "split_part(c.claim_number, '-', 3)::bigint"],
  amount_cents: ['c.amount_cents'],
  created_at: ['c.created_at'],
  updated_at: ['c.updated_at'],
  status: [`array_position(array[${CLAIM_STATUSES.map((status) => `'${status}'`).join(', ')}]::text[], c.status)`],
};

/** The order of the staff list: the chosen column, then newest first and id, so pages never overlap. */
export const staffListOrder = (sort: StaffListSort, order: 'asc' | 'desc'): string => {
  const direction = order === 'asc' ? 'asc' : 'desc';
  const keys = SORT_KEYS[sort].map((key) => `${key} ${direction}`);
  if (sort !== 'created_at') {
    keys.push('c.created_at desc');
  }
  keys.push(`c.id ${sort === 'created_at' ? direction : 'desc'}`);

  return keys.join(', ');
};

/** The WHERE clause of the staff filters, shared by the list and the export. */
export const staffFilterWhere = (filter: Pick<StaffListInput, 'status' | 'tier' | 'q' | 'created_from' | 'created_to'>): { where: string; params: unknown[] } => {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    conditions.push('c.status = ?');
    params.push(filter.status);
  }
  if (filter.tier) {
    conditions.push('c.tier = ?');
    params.push(filter.tier);
  }
  if (filter.q) {
    conditions.push('c.search_text like ?');
    params.push(likeContains(filter.q));
  }
  // Whole UTC days: the end bound is the start of the day after created_to.
  if (filter.created_from) {
    conditions.push("c.created_at >= (?::date)::timestamp at time zone 'UTC'");
    params.push(filter.created_from);
  }
  if (filter.created_to) {
    conditions.push("c.created_at < ((?::date) + 1)::timestamp at time zone 'UTC'");
    params.push(filter.created_to);
  }

  return { where: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params };
};

export const STAFF_ROW_COLUMNS = `c.claim_number, c.status, c.tier, c.amount_cents, c.created_at, c.updated_at, c.date_resolved,
              cl.client_number, cl.company_name, cl.contact_name, cl.email,
              d.name as debtor_name, d.business_type,
              (select count(*)::int from claims_document x where x.claim_id = c.id) as document_count,
              (select count(*)::int from claims_note x where x.claim_id = c.id) as note_count`;

export const listStaffClaims = async (
  em: SqlEntityManager,
  filter: StaffListInput,
): Promise<{ rows: StaffListRow[]; total: number }> => {
  const { where, params } = staffFilterWhere(filter);
  const orderBy = staffListOrder(filter.sort, filter.order);
  // Hand-written, both (and the export's below): the order keys are SQL expressions picked at run
  // time (claim number parts as numbers, a status rank), shared by the page subquery, the outer
  // order and the export; the query builder would need a raw fragment for each of them.
  const [countRows, rows] = await Promise.all([
    em.execute<{ total: number }[]>(`select count(*)::int as total from claims_claim c ${where}`, params),
    em.execute<StaffListRow[]>(
      `select ${STAFF_ROW_COLUMNS}
       from (select * from claims_claim c ${where} order by ${orderBy} limit ? offset ?) c
       join claims_client cl on cl.id = c.client_id
       join claims_debtor d on d.id = c.debtor_id
       order by ${orderBy}`,
      [...params, filter.limit, filter.offset],
    ),
  ]);

  return { rows, total: countRows[0]?.total ?? 0 };
};

export type StatsRow = {
  by_status: Record<string, number>;
  by_tier: Record<string, number>;
  total_claims: number;
  total_amount_cents: number;
  recovered_amount_cents: number;
  open_amount_cents: number;
  over_30_days: number;
  over_60_days: number;
};

export const readClaimStats = async (
  em: SqlEntityManager,
  input: { now: Date; openStatuses: readonly string[]; recoveredStatuses: readonly string[] },
): Promise<StatsRow> => {
  // Calendar days in the database's time zone, as interval arithmetic counts them.
  const daysBefore = (days: 30 | 60) => sql<Date>`${input.now}::timestamptz - ${`${days} days`}::interval`;
  const totals = await db(em)
    .selectFrom('claims_claim')
    .select((eb) => [
      eb.fn.countAll().as('total_claims'),
      eb.fn.coalesce(eb.fn.sum('amount_cents'), eb.lit(0)).as('total_amount'),
      eb.fn.coalesce(eb.fn.sum('amount_cents').filterWhere('status', 'in', input.recoveredStatuses), eb.lit(0)).as('recovered'),
      eb.fn.coalesce(eb.fn.sum('amount_cents').filterWhere('status', 'in', input.openStatuses), eb.lit(0)).as('open'),
      eb.fn
        .countAll()
        .filterWhere((inner) => inner.and([inner('status', 'in', input.openStatuses), inner('created_at', '<', daysBefore(30))]))
        .as('over_30'),
      eb.fn
        .countAll()
        .filterWhere((inner) => inner.and([inner('status', 'in', input.openStatuses), inner('created_at', '<', daysBefore(60))]))
        .as('over_60'),
    ])
    .executeTakeFirst();
  const countBy = (column: 'status' | 'tier') =>
    db(em)
      .selectFrom('claims_claim')
      .select((eb) => [eb.ref(column).as('key'), eb.fn.countAll().as('n')])
      .groupBy(column)
      .execute();
  const statusRows = await countBy('status');
  const tierRows = await countBy('tier');

  return {
    // Counts and sums are bigints, which the driver answers as text.
    by_status: Object.fromEntries(statusRows.map((row) => [row.key, Number(row.n)])),
    by_tier: Object.fromEntries(tierRows.map((row) => [row.key, Number(row.n)])),
    total_claims: Number(totals?.total_claims ?? 0),
    total_amount_cents: Number(totals?.total_amount ?? 0),
    recovered_amount_cents: Number(totals?.recovered ?? 0),
    open_amount_cents: Number(totals?.open ?? 0),
    over_30_days: Number(totals?.over_30 ?? 0),
    over_60_days: Number(totals?.over_60 ?? 0),
  };
};

export const listAudit = async (
  em: SqlEntityManager,
  filter: { entity_type?: string | undefined; entity_id?: string | undefined; limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> => {
  const filtered = db(em)
    .selectFrom('claims_audit_entry')
    .$if(Boolean(filter.entity_type), (query) => query.where('entity_type', '=', filter.entity_type ?? ''))
    .$if(Boolean(filter.entity_id), (query) => query.where('entity_id', '=', filter.entity_id ?? ''));
  const [count, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    filtered
      .select(['id', 'entity_type', 'entity_id', 'action', 'field', 'old_value', 'new_value', 'actor', 'reason', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);

  return { rows, total: Number(count?.total ?? 0) };
};

/**
 * Every claim of the staff filters, in the list's order, batch by batch. The matching ids are taken
 * first (one snapshot: a claim filed during the export neither appears half-way nor shifts a page),
 * then their rows a batch at a time, so memory stays small however many claims match.
 */
export async function* exportStaffClaims(
  em: SqlEntityManager,
  filter: Pick<StaffListInput, 'status' | 'tier' | 'q' | 'created_from' | 'created_to' | 'sort' | 'order'>,
  batchSize = 500,
): AsyncGenerator<StaffListRow[]> {
  const { where, params } = staffFilterWhere(filter);
  const ids = await em.execute<{ id: string }[]>(`select c.id from claims_claim c ${where} order by ${staffListOrder(filter.sort, filter.order)}`, params);
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize).map((row) => row.id);
    const rows = await em.execute<(StaffListRow & { id: string })[]>(
      `select c.id, ${STAFF_ROW_COLUMNS}
       from claims_claim c join claims_client cl on cl.id = c.client_id join claims_debtor d on d.id = c.debtor_id
       where c.id in (${batch.map(() => '?').join(', ')})`,
      batch,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    yield batch.flatMap((id) => {
      const row = byId.get(id);

      return row ? [row] : [];
    });
  }
}
