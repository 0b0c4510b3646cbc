import type { ClaimRow } from '@switchyard/db/claims/claim-reads';
import { countClaims, type ClaimKey, type ClaimListFilter, type ClaimPageRow } from '@switchyard/db/claims/reporting-reads';
import { builder } from '../builder.ts';
import { invalidInputError } from '../graphql-errors.ts';
import { ClaimRef } from './refs.ts';

/** Cursors are opaque to callers: the row's position in newest-first order, base64url-encoded. */
export const encodeCursor = (row: ClaimPageRow): string =>
  Buffer.from(JSON.stringify([row.key_created_at, row.id])).toString('base64url');

export const decodeCursor = (cursor: string): ClaimKey => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(parsed[0]) &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the one answer for every malformed cursor.
  }
  throw invalidInputError('after is not a cursor this service issued.');
};

export type ClaimPage = { rows: ClaimPageRow[]; hasNextPage: boolean; filter: ClaimListFilter };

const PageInfoRef = builder.objectRef<ClaimPage>('PageInfo').implement({
  description: 'Forward pagination: pass endCursor as `after` to read the next page.',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.string({
      nullable: true,
      resolve: (page) => {
        const last = page.rows.at(-1);

        return last ? encodeCursor(last) : null;
      },
    }),
  }),
});

const ClaimEdgeRef = builder.objectRef<ClaimPageRow>('ClaimEdge').implement({
  fields: (t) => ({
    cursor: t.string({ resolve: (row) => encodeCursor(row) }),
    node: t.field({ type: ClaimRef, resolve: (row): ClaimRow => row }),
  }),
});

export const ClaimConnectionRef = builder.objectRef<ClaimPage>('ClaimConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [ClaimEdgeRef], resolve: (page) => page.rows }),
    nodes: t.field({ type: [ClaimRef], resolve: (page) => page.rows }),
    pageInfo: t.field({ type: PageInfoRef, resolve: (page) => page }),
    totalCount: t.int({
      description: 'Claims matching the filter across all pages; counted only when asked for.',
      resolve: (page, _args, context) => countClaims(context.em, page.filter),
    }),
  }),
});
