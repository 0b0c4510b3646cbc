import DataLoader from 'dataloader';

/**
 * Per-request batching: every row on a page asks for its related rows, and each kind becomes one
 * statement for the whole page instead of one per row. A new set is made for every request, so
 * nothing cached outlives the answer it was read for.
 */

// Keeps each IN list to a size PostgreSQL plans well; pages are capped far below it anyway.
export const MAX_BATCH = 500;

/** One row (or null) per id. */
export const byId = <Row extends { id: string }>(read: (ids: readonly string[]) => Promise<Row[]>) =>
  new DataLoader<string, Row | null>(
    async (ids) => {
      const rows = new Map((await read(ids)).map((row) => [row.id, row]));

      return ids.map((id) => rows.get(id) ?? null);
    },
    { maxBatchSize: MAX_BATCH },
  );

/** Every row of each key, in the order the read gives them. */
export const groupedBy = <Row>(read: (keys: readonly string[]) => Promise<Row[]>, keyOf: (row: Row) => string) =>
  new DataLoader<string, Row[]>(
    async (keys) => {
      const groups = new Map<string, Row[]>();
      for (const row of await read(keys)) {
        const key = keyOf(row);
        const group = groups.get(key);
        if (group) {
          group.push(row);
        } else {
          groups.set(key, [row]);
        }
      }

      return keys.map((key) => groups.get(key) ?? []);
    },
    { maxBatchSize: MAX_BATCH },
  );
