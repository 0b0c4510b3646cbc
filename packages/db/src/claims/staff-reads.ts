import type { SqlEntityManager } from '@mikro-orm/sql';
import { expressionBuilder, sql, type Expression } from 'kysely';
import { db, escapeLike, type Database } from '../kysely.ts';
import type { StaffListFilters, StaffListInput, StaffListSort } from '@switchyard/domain/claims/schemas';
import {
  CLAIM_STATUSES,
  type AuditEntityType,
  type ClaimStatus,
  type ClaimTier,
  type BusinessType,
} from '@switchyard/domain/claims/vocabulary';
import type { AuditRow } from './claim-reads.ts';
import { clientActivityAt } from './client-activity.ts';

export type StaffListRow = {
  claim_number: string;
  status: ClaimStatus;
  tier: ClaimTier;
  amount_cents: number;
  created_at: Date;
  updated_at: Date;
  date_resolved: Date | null;
  client_number: string;
  company_name: string;
  contact_name: string;
  email: string;
  debtor_name: string;
  business_type: BusinessType;
  document_count: number;
  note_count: number;
  /** The latest client message or upload no staff member has opened the claim since, else null. */
  client_activity_at: Date | null;
  assignee_id: string | null;
  assignee_name: string | null;
};

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeContains = (text: string): string => `%${escapeLike(text.toLowerCase())}%`;

/** Expressions on the claim aliased `c`, usable in any statement that names it so. */
const onClaim = expressionBuilder<Database & { c: Database['claims_claim'] }, 'c'>();

/** A status's place in the statuses' own order (1 first); one outside the list ranks null, as array_position would. */
const statusRank = () => {
  const [first, ...rest] = CLAIM_STATUSES;

  return rest
    .reduce(
      (rank, status, index) => rank.when('c.status', '=', status).then(index + 2),
      onClaim.case().when('c.status', '=', first).then(1),
    )
    .end();
};

/** Claim numbers sort by year, then counter as a number (the counter may grow past four digits). */
const SORT_KEYS: Record<StaffListSort, Expression<unknown>[]> = {
  claim_number: [
    onClaim.cast(onClaim.fn('split_part', ['c.claim_number', onClaim.val('-'), onClaim.val(2)]), 'integer'),
    onClaim.cast(onClaim.fn('split_part', ['c.claim_number', onClaim.val('-'), onClaim.val(3)]), 'bigint'),
  ],
  amount_cents: [onClaim.ref('c.amount_cents')],
  created_at: [onClaim.ref('c.created_at')],
  updated_at: [onClaim.ref('c.updated_at')],
  status: [statusRank()],
};

/** The order of the staff list: the chosen column, then newest first and id, so pages never overlap. */
const staffListOrder = (sort: StaffListSort, order: 'asc' | 'desc'): [Expression<unknown>, 'asc' | 'desc'][] => {
  const direction = order === 'asc' ? 'asc' : 'desc';
  const keys: [Expression<unknown>, 'asc' | 'desc'][] = SORT_KEYS[sort].map((key) => [key, direction]);
  if (sort !== 'created_at') {
    keys.push([onClaim.ref('c.created_at'), 'desc']);
  }
  keys.push([onClaim.ref('c.id'), sort === 'created_at' ? direction : 'desc']);

  return keys;
};

/**
 * The staff list's filters as the database reads them: the assignee a member id or `none` (the
 * procedure has already turned `me` into the caller's id).
 */
export type StaffFilter = StaffListFilters;

/** The claims of the staff filters, as `c`, shared by the list, the export and a bulk change. */
const staffFiltered = (em: SqlEntityManager, filter: StaffFilter) => {
  const { status, tier, q, created_from: from, created_to: to, has_client_activity: activity, assignee } = filter;

  return (
    db(em)
      .selectFrom('claims_claim as c')
      .$call((query) => (status ? query.where('c.status', '=', status) : query))
      .$call((query) => (tier ? query.where('c.tier', '=', tier) : query))
      .$if(Boolean(q), (query) => query.where('c.search_text', 'like', likeContains(q ?? '')))
      // Whole UTC days: the end bound is the start of the day after created_to (raw: `at time zone`).
      .$if(Boolean(from), (query) => query.where('c.created_at', '>=', sql<Date>`(${from}::date)::timestamp at time zone 'UTC'`))
      .$if(Boolean(to), (query) => query.where('c.created_at', '<', sql<Date>`((${to}::date) + 1)::timestamp at time zone 'UTC'`))
      .$if(activity === 'true', (query) => query.where(sql<boolean>`${clientActivityAt} is not null`))
      .$if(activity === 'false', (query) => query.where(sql<boolean>`${clientActivityAt} is null`))
      .$if(assignee === 'none', (query) => query.where('c.assignee_id', 'is', null))
      .$if(assignee !== undefined && assignee !== 'none', (query) => query.where('c.assignee_id', '=', assignee ?? ''))
  );
};

const ordered = <Q extends { orderBy: (key: Expression<unknown>, direction: 'asc' | 'desc') => Q }>(
  query: Q,
  keys: [Expression<unknown>, 'asc' | 'desc'][],
): Q => keys.reduce((sorted, [key, direction]) => sorted.orderBy(key, direction), query);

export const listStaffClaims = async (em: SqlEntityManager, filter: StaffListInput): Promise<{ rows: StaffListRow[]; total: number }> => {
  const keys = staffListOrder(filter.sort, filter.order);
  const page = ordered(staffFiltered(em, filter).selectAll('c'), keys).limit(filter.limit).offset(filter.offset);
  // The page is cut in the claims table alone, then joined: the joins never see the other claims.
  const [count, rows] = await Promise.all([
    staffFiltered(em, filter)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst(),
    ordered(staffRows(em, page), keys).execute(),
  ]);

  return { rows, total: Number(count?.total ?? 0) };
};

/** Every column of the claims a query picks, to be read as `c` by staffRows. */
type PickedClaims = ReturnType<ReturnType<typeof staffFiltered>['selectAll']>;

/** The list's columns for the picked claims (as `c`), with their client, debtor and counts. */
const staffRows = (em: SqlEntityManager, picked: PickedClaims) =>
  db(em)
    .selectFrom(picked.as('c'))
    .innerJoin('claims_client as cl', 'cl.id', 'c.client_id')
    .innerJoin('claims_debtor as d', 'd.id', 'c.debtor_id')
    .leftJoin('claims_staff_member as a', 'a.id', 'c.assignee_id')
    .select((eb) => [
      'c.id',
      'c.claim_number',
      'c.status',
      'c.tier',
      'c.amount_cents',
      'c.created_at',
      'c.updated_at',
      'c.date_resolved',
      'cl.client_number',
      'cl.company_name',
      'cl.contact_name',
      'cl.email',
      'd.name as debtor_name',
      'd.business_type',
      eb
        .cast<number>(eb.selectFrom('claims_document as x').select(eb.fn.countAll().as('n')).whereRef('x.claim_id', '=', 'c.id'), 'integer')
        .as('document_count'),
      eb
        .cast<number>(eb.selectFrom('claims_note as x').select(eb.fn.countAll().as('n')).whereRef('x.claim_id', '=', 'c.id'), 'integer')
        .as('note_count'),
      clientActivityAt.as('client_activity_at'),
      'c.assignee_id',
      'a.name as assignee_name',
    ]);

export type StatsRow = {
  by_status: Record<string, number>;
  by_tier: Record<string, number>;
  total_claims: number;
  total_amount_cents: number;
  recovered_amount_cents: number;
  open_amount_cents: number;
  over_30_days: number;
  over_60_days: number;
  client_activity: number;
};

export const readClaimStats = async (
  em: SqlEntityManager,
  input: { now: Date; openStatuses: readonly ClaimStatus[]; recoveredStatuses: readonly ClaimStatus[] },
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
  const activity = await db(em)
    .selectFrom('claims_claim as c')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(sql<boolean>`${clientActivityAt} is not null`)
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
    client_activity: Number(activity?.n ?? 0),
  };
};

export const listAudit = async (
  em: SqlEntityManager,
  filter: { entity_type?: AuditEntityType | undefined; entity_id?: string | undefined; limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> => {
  const filtered = db(em)
    .selectFrom('claims_audit_entry')
    .$call((query) => (filter.entity_type ? query.where('entity_type', '=', filter.entity_type) : query))
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
  filter: StaffFilter & Pick<StaffListInput, 'sort' | 'order'>,
  batchSize = 500,
): AsyncGenerator<StaffListRow[]> {
  const ids = await ordered(staffFiltered(em, filter).select('c.id'), staffListOrder(filter.sort, filter.order)).execute();
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize).map((row) => row.id);
    const rows = await staffRows(em, staffFiltered(em, {}).selectAll('c').where('c.id', 'in', batch)).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    yield batch.flatMap((id) => {
      const row = byId.get(id);

      return row ? [row] : [];
    });
  }
}

/**
 * The numbers of the claims the staff filters match, in the list's default order, at most `limit`
 * of them; the total tells a caller whether more matched than it may take.
 */
export const matchingClaimNumbers = async (
  em: SqlEntityManager,
  filter: StaffFilter,
  limit: number,
): Promise<{ claimNumbers: string[]; total: number }> => {
  const [count, rows] = await Promise.all([
    staffFiltered(em, filter)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst(),
    ordered(staffFiltered(em, filter).select('c.claim_number'), staffListOrder('created_at', 'desc')).limit(limit).execute(),
  ]);

  return { claimNumbers: rows.map((row) => row.claim_number), total: Number(count?.total ?? 0) };
};
