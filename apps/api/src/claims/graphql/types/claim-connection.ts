import type { ClaimRow } from '@switchyard/db/claims/claim-reads';
import { claimExistsBeyond, countClaims, type ClaimListFilter, type ClaimPageRow } from '@switchyard/db/claims/reporting-reads';
import { builder } from '../builder.ts';
import { cursorOfEdge, encodeKeysetCursor } from '../../../graphql-common/keyset-cursor.ts';
import type { PageRequest } from '../../../graphql-common/page-arguments.ts';
import { ClaimRef } from './refs.ts';

/** `hasMore` is exact for the direction of travel: more rows lie beyond the page's far end inside the window. */
export type ClaimPage = { rows: ClaimPageRow[]; hasMore: boolean; request: PageRequest; filter: ClaimListFilter };

const PageInfoRef = builder.objectRef<ClaimPage>('PageInfo').implement({
  description:
    'Pass endCursor as `after` for the next, older page; pass startCursor as `before` (with `last`) for the previous, newer page.',
  fields: (t) => ({
    hasNextPage: t.boolean({
      description:
        'With `first`: whether the window holds more claims after this page. With `last`: whether a claim matching the filter sits at the `before` cursor or after it (older); false without `before`.',
      resolve: (page, _args, context) => {
        if (page.request.from === 'newest') {
          return page.hasMore;
        }
        const before = page.request.before;

        // Asked for separately, and only here, so a page that does not ask pays nothing for it.
        return before ? claimExistsBeyond(context.em, { filter: page.filter, key: before, side: 'older' }) : false;
      },
    }),
    hasPreviousPage: t.boolean({
      description:
        'With `last`: whether the window holds more claims before this page. With `first`: whether a claim matching the filter sits at the `after` cursor or before it (newer); false without `after`.',
      resolve: (page, _args, context) => {
        if (page.request.from === 'oldest') {
          return page.hasMore;
        }
        const after = page.request.after;

        return after ? claimExistsBeyond(context.em, { filter: page.filter, key: after, side: 'newer' }) : false;
      },
    }),
    startCursor: t.string({
      nullable: true,
      description: "The first edge's cursor; null when the page is empty.",
      resolve: (page) => cursorOfEdge(page.rows[0]),
    }),
    endCursor: t.string({
      nullable: true,
      description: "The last edge's cursor; null when the page is empty.",
      resolve: (page) => cursorOfEdge(page.rows.at(-1)),
    }),
  }),
});

const ClaimEdgeRef = builder.objectRef<ClaimPageRow>('ClaimEdge').implement({
  fields: (t) => ({
    cursor: t.string({ resolve: (row) => encodeKeysetCursor(row) }),
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
