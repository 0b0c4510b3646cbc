import { builder } from '../builder.ts';
import { cursorOfEdge } from '../../../graphql-common/keyset-cursor.ts';

/** A forward page of a newest-first list, as the connections below hand it to their fields. */
export type Page<Row extends { key_created_at: string; id: string }> = {
  rows: Row[];
  /** Exact: the page statement read one row more than asked for. */
  hasMore: boolean;
  /** Asked of the database only when the field is selected. */
  hasPrevious: () => Promise<boolean>;
  total: () => Promise<number>;
};

type AnyPage = Page<{ key_created_at: string; id: string }>;

export const PageInfoRef = builder.objectRef<AnyPage>('PageInfo').implement({
  description: 'Pass endCursor as `after` for the next, older page.',
  fields: (t) => ({
    hasNextPage: t.boolean({ description: 'Whether older rows follow this page.', resolve: (page) => page.hasMore }),
    hasPreviousPage: t.boolean({
      description: 'Whether a row matching the filter sits at the `after` cursor or is newer; false without `after`.',
      resolve: (page) => page.hasPrevious(),
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
