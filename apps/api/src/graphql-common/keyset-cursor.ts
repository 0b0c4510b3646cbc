/**
 * Page cursors of both facades: a row's position in newest-first order (its key time, to the
 * microsecond, and its id), base64url-encoded. Opaque to callers; a forged one is refused before
 * it can reach SQL as a bad value.
 */
export type KeysetPosition = { createdAt: string; id: string };

const KEY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeKeysetCursor = (row: { key_created_at: string; id: string }): string =>
  Buffer.from(JSON.stringify([row.key_created_at, row.id])).toString('base64url');

/** The position a cursor names, or null for anything this service did not issue; `isId` says what an id of that list looks like. */
export const parseKeysetCursor = (cursor: string, isId: (id: string) => boolean): KeysetPosition | null => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      KEY_TIME.test(parsed[0]) &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      typeof parsed[1] === 'string' &&
      isId(parsed[1])
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Not base64 JSON: answered like every other malformed cursor.
  }

  return null;
};

/** A page's start or end cursor: that edge's, or null when the page is empty. */
export const cursorOfEdge = (row: { key_created_at: string; id: string } | undefined): string | null =>
  row === undefined ? null : encodeKeysetCursor(row);
