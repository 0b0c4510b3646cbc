import type { SqlEntityManager } from '@mikro-orm/sql';
import { CLAIM_COLUMNS, type AuditRow, type ClaimRow, type ClientRow, type DebtorRow, type DocumentRow, type NoteRow } from './claim-reads.ts';

/**
 * Reads behind the GraphQL reporting facade: batched lookups (one statement for a whole page of
 * claims), a keyset-paginated claim list, and the aggregate reports. Read-only, raw SQL like the
 * other claim reads.
 */

/** The claim row's columns as SQL text, for the statements below that stay hand-written. */
const CLAIM_COLUMNS_SQL = CLAIM_COLUMNS.map((column) => (column === 'c.invoice_date' ? 'c.invoice_date::text as invoice_date' : column)).join(', ');

const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeContains = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export type ClaimListFilter = {
  statuses?: readonly string[] | undefined;
  tiers?: readonly string[] | undefined;
  /** Inclusive lower bound on created_at. */
  createdFrom?: Date | undefined;
  /** Exclusive upper bound on created_at. */
  createdBefore?: Date | undefined;
  /** Matches claim number, company name and debtor name, like the staff list's `q`. */
  search?: string | undefined;
};

const filterClause = (filter: ClaimListFilter): { where: string[]; params: unknown[] } => {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.statuses && filter.statuses.length > 0) {
    where.push(`c.status in (${placeholders(filter.statuses)})`);
    params.push(...filter.statuses);
  }
  if (filter.tiers && filter.tiers.length > 0) {
    where.push(`c.tier in (${placeholders(filter.tiers)})`);
    params.push(...filter.tiers);
  }
  if (filter.createdFrom) {
    where.push('c.created_at >= ?');
    params.push(filter.createdFrom);
  }
  if (filter.createdBefore) {
    where.push('c.created_at < ?');
    params.push(filter.createdBefore);
  }
  if (filter.search) {
    where.push('c.search_text like ?');
    params.push(likeContains(filter.search));
  }

  return { where, params };
};

/**
 * Position of a row in the newest-first order. created_at travels as UTC text with microseconds,
 * the column's full precision, so a cursor never skips or repeats a row.
 */
export type ClaimKey = { createdAt: string; id: string };

export type ClaimPageRow = ClaimRow & { key_created_at: string };

/**
 * One page of the newest-first list. `after` and `before` bound the window (rows older than
 * `after`, newer than `before`); `from` says which end of the window the `size` rows are taken
 * from: `newest` for a forward page (`first`), `oldest` for a backward one (`last`).
 */
export type ClaimPageWindow = {
  filter: ClaimListFilter;
  size: number;
  from: 'newest' | 'oldest';
  after?: ClaimKey | undefined;
  before?: ClaimKey | undefined;
};

/**
 * The page newest first, in one statement. It asks for one row more than `size`, so `hasMore`
 * tells exactly whether the window holds more rows beyond the page's far end (older ones for a
 * forward page, newer ones for a backward page).
 */
export const listClaimsPage = async (
  em: SqlEntityManager,
  input: ClaimPageWindow,
): Promise<{ rows: ClaimPageRow[]; hasMore: boolean }> => {
  const { where, params } = filterClause(input.filter);
  if (input.after) {
    where.push('(c.created_at, c.id) < (?::timestamptz, ?::uuid)');
    params.push(input.after.createdAt, input.after.id);
  }
  if (input.before) {
    where.push('(c.created_at, c.id) > (?::timestamptz, ?::uuid)');
    params.push(input.before.createdAt, input.before.id);
  }
  // A backward page must keep the rows nearest `before`, so the limit has to cut in ascending
  // order; both key columns turn together, so the (created_at desc, id desc) indexes are read
  // backwards rather than sorted.
  const direction = input.from === 'newest' ? 'desc' : 'asc';
  const rows = await em.execute<ClaimPageRow[]>(
    `select ${CLAIM_COLUMNS_SQL}, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key_created_at
     from claims_claim c ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by c.created_at ${direction}, c.id ${direction} limit ?`,
    [...params, input.size + 1],
  );
  const page = rows.slice(0, input.size);

  return { rows: input.from === 'newest' ? page : page.reverse(), hasMore: rows.length > input.size };
};

/**
 * Whether a row matching the filter sits at `key` or anywhere past it on `side`. The key row
 * itself counts: it lies outside a page that starts next to it.
 */
export const claimExistsBeyond = async (
  em: SqlEntityManager,
  input: { filter: ClaimListFilter; key: ClaimKey; side: 'newer' | 'older' },
): Promise<boolean> => {
  const { where, params } = filterClause(input.filter);
  where.push(`(c.created_at, c.id) ${input.side === 'newer' ? '>=' : '<='} (?::timestamptz, ?::uuid)`);
  // Without the order the planner may pick a table scan, which costs the whole table when nothing
  // matches; ordered outward from the key it walks the index range and stops at the first hit.
  const direction = input.side === 'newer' ? 'asc' : 'desc';
  const rows = await em.execute<{ found: number }[]>(
    `select 1 as found from claims_claim c where ${where.join(' and ')}
     order by c.created_at ${direction}, c.id ${direction} limit 1`,
    [...params, input.key.createdAt, input.key.id],
  );

  return rows.length > 0;
};

export const countClaims = async (em: SqlEntityManager, filter: ClaimListFilter): Promise<number> => {
  const { where, params } = filterClause(filter);
  const rows = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from claims_claim c ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`,
    params,
  );

  return rows[0]?.total ?? 0;
};

export const findClientsByIds = (em: SqlEntityManager, ids: readonly string[]): Promise<ClientRow[]> =>
  em.execute<ClientRow[]>(`select * from claims_client where id in (${placeholders(ids)})`, [...ids]);

export const findDebtorsByIds = (em: SqlEntityManager, ids: readonly string[]): Promise<DebtorRow[]> =>
  em.execute<DebtorRow[]>(`select * from claims_debtor where id in (${placeholders(ids)})`, [...ids]);

export const listDocumentsOfClaims = (em: SqlEntityManager, claimIds: readonly string[]): Promise<DocumentRow[]> =>
  em.execute<DocumentRow[]>(`select * from claims_document where claim_id in (${placeholders(claimIds)}) order by created_at, id`, [
    ...claimIds,
  ]);

export const listNotesOfClaims = (em: SqlEntityManager, claimIds: readonly string[]): Promise<NoteRow[]> =>
  em.execute<NoteRow[]>(`select * from claims_note where claim_id in (${placeholders(claimIds)}) order by created_at, id`, [
    ...claimIds,
  ]);

export type ClaimAuditRow = AuditRow & { claim_id: string };

/** Each claim's own entries and those of its documents and notes, oldest first. */
export const listAuditOfClaims = (em: SqlEntityManager, claimIds: readonly string[]): Promise<ClaimAuditRow[]> =>
  em.execute<ClaimAuditRow[]>(
    `select id, claim_id, entity_type, entity_id, action, field, old_value, new_value, actor, reason, created_at
     from claims_audit_entry where claim_id in (${placeholders(claimIds)}) order by created_at, seq`,
    [...claimIds],
  );

/** The newest `perClient` claims of each client, all clients in one statement. */
export const listRecentClaimsOfClients = (
  em: SqlEntityManager,
  clientIds: readonly string[],
  perClient: number,
): Promise<ClaimRow[]> =>
  em.execute<ClaimRow[]>(
    `select ${CLAIM_COLUMNS_SQL} from (
       select x.*, row_number() over (partition by x.client_id order by x.created_at desc, x.id desc) as position
       from claims_claim x where x.client_id in (${placeholders(clientIds)})
     ) c
     where c.position <= ?
     order by c.client_id, c.created_at desc, c.id desc`,
    [...clientIds, perClient],
  );

export type AgingBucketBounds = {
  key: string;
  /** Exclusive: the bucket holds claims created before this instant. Absent for the youngest bucket. */
  createdBefore: Date | null;
  /** Inclusive: the bucket holds claims created at or after this instant. Absent for the oldest bucket. */
  createdFrom: Date | null;
};

export type AgingBucketRow = { key: string; claim_count: number; amount_cents: number };

/** Count and sum of open claims per age bucket, one statement; empty buckets answer zeros. */
export const readAgingBuckets = async (
  em: SqlEntityManager,
  input: { openStatuses: readonly string[]; buckets: readonly AgingBucketBounds[] },
): Promise<AgingBucketRow[]> => {
  const columns: string[] = [];
  const params: unknown[] = [];
  input.buckets.forEach((bucket, index) => {
    const conditions = ['true'];
    const bounds: unknown[] = [];
    if (bucket.createdBefore) {
      conditions.push('created_at < ?');
      bounds.push(bucket.createdBefore);
    }
    if (bucket.createdFrom) {
      conditions.push('created_at >= ?');
      bounds.push(bucket.createdFrom);
    }
    const condition = conditions.join(' and ');
    columns.push(`(count(*) filter (where ${condition}))::int as n${index}`);
    columns.push(`coalesce(sum(amount_cents) filter (where ${condition}), 0)::bigint as s${index}`);
    params.push(...bounds, ...bounds);
  });
  const [row] = await em.execute<Record<string, number | string>[]>(
    `select ${columns.join(', ')} from claims_claim where status in (${placeholders(input.openStatuses)})`,
    [...params, ...input.openStatuses],
  );

  return input.buckets.map((bucket, index) => ({
    key: bucket.key,
    claim_count: Number(row?.[`n${index}`] ?? 0),
    amount_cents: Number(row?.[`s${index}`] ?? 0),
  }));
};

export type RecoveryRow = {
  key: string;
  claim_count: number;
  recovered_count: number;
  amount_cents: number;
  recovered_amount_cents: number;
};

const recoveryColumns = (recoveredStatuses: readonly string[]) => `count(*)::int as claim_count,
  (count(*) filter (where c.status in (${placeholders(recoveredStatuses)})))::int as recovered_count,
  coalesce(sum(c.amount_cents), 0)::bigint as amount_cents,
  coalesce(sum(c.amount_cents) filter (where c.status in (${placeholders(recoveredStatuses)})), 0)::bigint as recovered_amount_cents`;

const numericRecovery = (rows: (Omit<RecoveryRow, 'amount_cents' | 'recovered_amount_cents'> & Record<string, unknown>)[]) =>
  rows.map((row) => ({
    key: row.key,
    claim_count: row.claim_count,
    recovered_count: row.recovered_count,
    amount_cents: Number(row.amount_cents),
    recovered_amount_cents: Number(row.recovered_amount_cents),
  }));

/** Totals and recovered totals per tier, for claims taken in within the range. */
export const readRecoveryByTier = async (
  em: SqlEntityManager,
  input: { recoveredStatuses: readonly string[]; filter: ClaimListFilter },
): Promise<RecoveryRow[]> => {
  const { where, params } = filterClause(input.filter);
  const rows = await em.execute<RecoveryRow[]>(
    `select c.tier as key, ${recoveryColumns(input.recoveredStatuses)}
     from claims_claim c ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     group by c.tier`,
    [...input.recoveredStatuses, ...input.recoveredStatuses, ...params],
  );

  return numericRecovery(rows);
};

/** Totals and recovered totals per calendar month (UTC) of intake, `YYYY-MM`. */
export const readRecoveryByIntakeMonth = async (
  em: SqlEntityManager,
  input: { recoveredStatuses: readonly string[]; filter: ClaimListFilter },
): Promise<RecoveryRow[]> => {
  const { where, params } = filterClause(input.filter);
  const rows = await em.execute<RecoveryRow[]>(
    `select to_char(c.created_at at time zone 'UTC', 'YYYY-MM') as key, ${recoveryColumns(input.recoveredStatuses)}
     from claims_claim c ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     group by 1`,
    [...input.recoveredStatuses, ...input.recoveredStatuses, ...params],
  );

  return numericRecovery(rows);
};

export type StatusAtRow = { point: number; status: string; claim_count: number };

/**
 * How many claims existed just before each instant, by the status each had then. A claim's status
 * then is the old value of its first status change at or after the instant, or its current status
 * when it has not changed since; so claims written without a trail count with what they are now.
 */
export const readStatusCountsAt = async (em: SqlEntityManager, instants: readonly Date[]): Promise<StatusAtRow[]> => {
  if (instants.length === 0) {
    return [];
  }
  const values = instants.map((_, index) => `(${index}, ?::timestamptz)`).join(', ');

  return em.execute<StatusAtRow[]>(
    `with points (point, at) as (values ${values})
     select p.point, coalesce(
              (select a.old_value from claims_audit_entry a
               where a.claim_id = c.id and a.entity_type = 'claim' and a.entity_id = c.id
                 and a.action = 'status_change' and a.field = 'status' and a.created_at >= p.at
               order by a.created_at, a.seq limit 1),
              c.status) as status,
            count(*)::int as claim_count
     from points p join claims_claim c on c.created_at < p.at
     group by 1, 2
     order by 1, 2`,
    [...instants],
  );
};
