import { sql, type RawBuilder } from 'kysely';

/**
 * Keyset pages of the reporting reads: newest first by (created_at, id). created_at travels as UTC
 * text with microseconds, the column's full precision, so a cursor never skips or repeats a row.
 */

/** Position of a row in the newest-first order. */
export type PageKey = { createdAt: string; id: string };

/** A forward page: `size` rows just after `after` (older than it), newest first. */
export type PageWindow = { size: number; after?: PageKey | undefined };

/**
 * The select-list item that carries a row's key; `alias` is the table's alias in the statement.
 * Raw because the query builder has no `at time zone` nor `to_char` format (microseconds).
 */
export const keyColumn = (alias: 'a' | 'h'): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(`${alias}.created_at`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Sums come back as bigint (text or BigInt by driver); money stays far below 2^53. */
export const toNumber = (value: unknown): number => Number(value ?? 0);
