import type { AuditPageRow } from '@switchyard/db/transport/reporting/audit-page';
import type { HouseholdPageRow } from '@switchyard/db/transport/reporting/households-page';
import { builder } from '../builder.ts';
import { encodeKeysetCursor } from '../../../graphql-common/keyset-cursor.ts';
import { PageInfoRef, type Page } from './page-info.ts';
import { AuditEntryRef, HouseholdRef } from './refs.ts';

/** Relay connections over the forward pages: edges with cursors, the bare nodes, pageInfo and totalCount. */

const HouseholdEdgeRef = builder.objectRef<HouseholdPageRow>('HouseholdEdge').implement({
  fields: (t) => ({
    cursor: t.string({ resolve: (row) => encodeKeysetCursor(row) }),
    node: t.field({ type: HouseholdRef, resolve: (row) => row }),
  }),
});

export const HouseholdConnectionRef = builder.objectRef<Page<HouseholdPageRow>>('HouseholdConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [HouseholdEdgeRef], resolve: (page) => page.rows }),
    nodes: t.field({ type: [HouseholdRef], resolve: (page) => page.rows }),
    pageInfo: t.field({ type: PageInfoRef, resolve: (page) => page }),
    totalCount: t.int({
      description: 'Households matching the filter across all pages; counted only when asked for.',
      resolve: (page) => page.total(),
    }),
  }),
});

const AuditEntryEdgeRef = builder.objectRef<AuditPageRow>('AuditEntryEdge').implement({
  fields: (t) => ({
    cursor: t.string({ resolve: (row) => encodeKeysetCursor(row) }),
    node: t.field({ type: AuditEntryRef, resolve: (row) => row }),
  }),
});

export const AuditEntryConnectionRef = builder.objectRef<Page<AuditPageRow>>('AuditEntryConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [AuditEntryEdgeRef], resolve: (page) => page.rows }),
    nodes: t.field({ type: [AuditEntryRef], resolve: (page) => page.rows }),
    pageInfo: t.field({ type: PageInfoRef, resolve: (page) => page }),
    totalCount: t.int({
      description: 'Entries matching the filter across all pages; counted only when asked for.',
      resolve: (page) => page.total(),
    }),
  }),
});
