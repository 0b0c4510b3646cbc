import type { SqlEntityManager } from '@mikro-orm/sql';
import { sql } from 'kysely';
import { db, escapeLike } from '../kysely.ts';
import type { ClaimStatus, ClaimTier } from '@switchyard/domain/claims/vocabulary';
import {
  CLAIM_COLUMNS,
  type AuditRow,
  type ClaimRow,
  type ClientRow,
  type DebtorRow,
  type DocumentRow,
  type NoteRow,
} from './claim-reads.ts';

/**
 * Reads behind the GraphQL reporting facade: batched lookups (one statement for a whole page of
 * claims), a keyset-paginated claim list, and the aggregate reports. Read-only, built with the
 * ORM's typed query builder.
 */

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeContains = (text: string): string => `%${escapeLike(text.toLowerCase())}%`;

/** The UTC text of a claim's created_at with microseconds, the keyset cursor's key (raw: the query builder has no `at time zone` nor to_char format). */
const keyCreatedAt = sql<string>`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A cursor's created_at, compared as the timestamp it spells. */
const keyInstant = (key: ClaimKey) => sql<Date>`${key.createdAt}::timestamptz`;

export type ClaimListFilter = {
  statuses?: readonly ClaimStatus[] | undefined;
  tiers?: readonly ClaimTier[] | undefined;
  /** Inclusive lower bound on created_at. */
  createdFrom?: Date | undefined;
  /** Exclusive upper bound on created_at. */
  createdBefore?: Date | undefined;
  /** Matches claim number, company name and debtor name, like the staff list's `q`. */
  search?: string | undefined;
};

/** The claims matching the filter, as `c`. */
const filtered = (em: SqlEntityManager, filter: ClaimListFilter) => {
  const { statuses = [], tiers = [], createdFrom, createdBefore, search } = filter;

  return db(em)
    .selectFrom('claims_claim as c')
    .$if(statuses.length > 0, (query) => query.where('c.status', 'in', statuses))
    .$if(tiers.length > 0, (query) => query.where('c.tier', 'in', tiers))
    .$if(createdFrom !== undefined, (query) => query.where('c.created_at', '>=', createdFrom ?? new Date(0)))
    .$if(createdBefore !== undefined, (query) => query.where('c.created_at', '<', createdBefore ?? new Date(0)))
    .$if(Boolean(search), (query) => query.where('c.search_text', 'like', likeContains(search ?? '')));
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
export const listClaimsPage = async (em: SqlEntityManager, input: ClaimPageWindow): Promise<{ rows: ClaimPageRow[]; hasMore: boolean }> => {
  const { after, before } = input;
  // A backward page must keep the rows nearest `before`, so the limit has to cut in ascending
  // order; both key columns turn together, so the (created_at desc, id desc) indexes are read
  // backwards rather than sorted.
  const direction = input.from === 'newest' ? 'desc' : 'asc';
  let query = filtered(em, input.filter).select([...CLAIM_COLUMNS, keyCreatedAt.as('key_created_at')]);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(keyInstant(after), after.id)));
  }
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '>', eb.tuple(keyInstant(before), before.id)));
  }
  const rows: ClaimPageRow[] = await query
    .orderBy('c.created_at', direction)
    .orderBy('c.id', direction)
    .limit(input.size + 1)
    .execute();
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
  // Without the order the planner may pick a table scan, which costs the whole table when nothing
  // matches; ordered outward from the key it walks the index range and stops at the first hit.
  const direction = input.side === 'newer' ? 'asc' : 'desc';
  const row = await filtered(em, input.filter)
    .select('c.id')
    .where((eb) =>
      eb(eb.refTuple('c.created_at', 'c.id'), input.side === 'newer' ? '>=' : '<=', eb.tuple(keyInstant(input.key), input.key.id)),
    )
    .orderBy('c.created_at', direction)
    .orderBy('c.id', direction)
    .limit(1)
    .executeTakeFirst();

  return row !== undefined;
};

export const countClaims = async (em: SqlEntityManager, filter: ClaimListFilter): Promise<number> => {
  const row = await filtered(em, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();

  return Number(row?.total ?? 0);
};

export const findClientsByIds = (em: SqlEntityManager, ids: readonly string[]): Promise<ClientRow[]> =>
  db(em).selectFrom('claims_client').selectAll().where('id', 'in', ids).execute();

export const findDebtorsByIds = (em: SqlEntityManager, ids: readonly string[]): Promise<DebtorRow[]> =>
  db(em).selectFrom('claims_debtor').selectAll().where('id', 'in', ids).execute();

export const listDocumentsOfClaims = (em: SqlEntityManager, claimIds: readonly string[]): Promise<DocumentRow[]> =>
  db(em).selectFrom('claims_document').selectAll().where('claim_id', 'in', claimIds).orderBy('created_at').orderBy('id').execute();

export const listNotesOfClaims = (em: SqlEntityManager, claimIds: readonly string[]): Promise<NoteRow[]> =>
  db(em).selectFrom('claims_note').selectAll().where('claim_id', 'in', claimIds).orderBy('created_at').orderBy('id').execute();

export type ClaimAuditRow = AuditRow & { claim_id: string };

/** Each claim's own entries and those of its documents and notes, oldest first. */
export const listAuditOfClaims = (em: SqlEntityManager, claimIds: readonly string[]): Promise<ClaimAuditRow[]> =>
  db(em)
    .selectFrom('claims_audit_entry')
    .select(['id', 'claim_id', 'entity_type', 'entity_id', 'action', 'field', 'old_value', 'new_value', 'actor', 'reason', 'created_at'])
    .where('claim_id', 'in', claimIds)
    // Rows without a claim are not in any list of claims.
    .$narrowType<{ claim_id: string }>()
    .orderBy('created_at')
    .orderBy('seq')
    .execute();

/** The newest `perClient` claims of each client, all clients in one statement. */
export const listRecentClaimsOfClients = async (
  em: SqlEntityManager,
  clientIds: readonly string[],
  perClient: number,
): Promise<ClaimRow[]> => {
  const ranked = db(em)
    .selectFrom('claims_claim as x')
    .selectAll('x')
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('x.client_id').orderBy('x.created_at', 'desc').orderBy('x.id', 'desc'))
        .as('position'),
    )
    .where('x.client_id', 'in', clientIds);
  const rows = await db(em)
    .selectFrom(ranked.as('c'))
    .select(CLAIM_COLUMNS)
    .where('c.position', '<=', perClient)
    .orderBy('c.client_id')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();

  return rows;
};

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
  input: { openStatuses: readonly ClaimStatus[]; buckets: readonly AgingBucketBounds[] },
): Promise<AgingBucketRow[]> => {
  const row = (await db(em)
    .selectFrom('claims_claim')
    .select((eb) =>
      input.buckets.flatMap((bucket, index) => {
        const inBucket = eb.and([
          ...(bucket.createdBefore ? [eb('created_at', '<', bucket.createdBefore)] : []),
          ...(bucket.createdFrom ? [eb('created_at', '>=', bucket.createdFrom)] : []),
        ]);

        return [
          eb.fn.countAll().filterWhere(inBucket).as(`n${index}`),
          eb.fn.coalesce(eb.fn.sum('amount_cents').filterWhere(inBucket), eb.lit(0)).as(`s${index}`),
        ];
      }),
    )
    .where('status', 'in', input.openStatuses)
    .executeTakeFirst()) as Record<string, number | string> | undefined;

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

/** The recovery totals of the claims a query selects (counts and sums are bigints, answered as text). */
const withRecoveryTotals = (query: ReturnType<typeof filtered>, recoveredStatuses: readonly ClaimStatus[]) =>
  query.select((eb) => [
    eb.fn.countAll().as('claim_count'),
    eb.fn.countAll().filterWhere('c.status', 'in', recoveredStatuses).as('recovered_count'),
    eb.fn.coalesce(eb.fn.sum('c.amount_cents'), eb.lit(0)).as('amount_cents'),
    eb.fn.coalesce(eb.fn.sum('c.amount_cents').filterWhere('c.status', 'in', recoveredStatuses), eb.lit(0)).as('recovered_amount_cents'),
  ]);

const numericRecovery = (
  rows: ({ key: string } & Record<'claim_count' | 'recovered_count' | 'amount_cents' | 'recovered_amount_cents', unknown>)[],
): RecoveryRow[] =>
  rows.map((row) => ({
    key: row.key,
    claim_count: Number(row.claim_count),
    recovered_count: Number(row.recovered_count),
    amount_cents: Number(row.amount_cents),
    recovered_amount_cents: Number(row.recovered_amount_cents),
  }));

/** Totals and recovered totals per tier, for claims taken in within the range. */
export const readRecoveryByTier = async (
  em: SqlEntityManager,
  input: { recoveredStatuses: readonly ClaimStatus[]; filter: ClaimListFilter },
): Promise<RecoveryRow[]> =>
  numericRecovery(
    await withRecoveryTotals(filtered(em, input.filter), input.recoveredStatuses).select('c.tier as key').groupBy('c.tier').execute(),
  );

/** Totals and recovered totals per calendar month (UTC) of intake, `YYYY-MM`. */
export const readRecoveryByIntakeMonth = async (
  em: SqlEntityManager,
  input: { recoveredStatuses: readonly ClaimStatus[]; filter: ClaimListFilter },
): Promise<RecoveryRow[]> => {
  // Raw: the query builder has no `at time zone` nor to_char format.
  const month = sql<string>`to_char(c.created_at at time zone 'UTC', 'YYYY-MM')`;

  return numericRecovery(
    await withRecoveryTotals(filtered(em, input.filter), input.recoveredStatuses).select(month.as('key')).groupBy(month).execute(),
  );
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

  // Hand-written: the instants are a VALUES list joined to every claim, with a correlated
  // subquery per pair, which the query builder cannot spell without raw fragments throughout.
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
