/**
 * Keyset pages of the reporting reads: newest first by (created_at, id). created_at travels as UTC
 * text with microseconds, the column's full precision, so a cursor never skips or repeats a row.
 */

/** Position of a row in the newest-first order. */
export type PageKey = { createdAt: string; id: string };

/** A forward page: `size` rows just after `after` (older than it), newest first. */
export type PageWindow = { size: number; after?: PageKey | undefined };

/** The select-list item that carries a row's key; `alias` is the table's alias in the statement. */
export const keyColumn = (alias: string): string =>
  `to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key_created_at`;

export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** Sums come back as bigint (text or BigInt by driver); money stays far below 2^53. */
export const toNumber = (value: unknown): number => Number(value ?? 0);
