import { findClaim } from '@switchyard/db/claims/claim-reads';
import { listClaimsPage } from '@switchyard/db/claims/reporting-reads';
import { builder, cost } from './builder.ts';
import { invalidInputError } from './graphql-errors.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { ClaimConnectionRef, decodeCursor } from './types/claim-connection.ts';
import { ClaimFilterInput, toListFilter } from './types/claim-filter.ts';
import { ClaimRef } from './types/refs.ts';

builder.queryFields((t) => ({
  claim: t.field({
    type: ClaimRef,
    nullable: true,
    args: { claimNumber: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => findClaim(context.em, args.claimNumber),
  }),
  claims: t.field({
    type: ClaimConnectionRef,
    description: `Claims newest first, ${GRAPHQL_LIMITS.defaultPageSize} per page unless \`first\` says otherwise (at most ${GRAPHQL_LIMITS.maxPageSize}).`,
    args: {
      first: t.arg.int({ required: false, defaultValue: GRAPHQL_LIMITS.defaultPageSize }),
      after: t.arg.string({ required: false }),
      filter: t.arg({ type: ClaimFilterInput, required: false }),
    },
    extensions: cost({
      base: 2,
      sizeArgument: 'first',
      assumedSize: GRAPHQL_LIMITS.defaultPageSize,
      maxSize: GRAPHQL_LIMITS.maxPageSize,
    }),
    resolve: async (_root, args, context) => {
      const first = args.first ?? GRAPHQL_LIMITS.defaultPageSize;
      if (first < 1 || first > GRAPHQL_LIMITS.maxPageSize) {
        throw invalidInputError(`first must be between 1 and ${GRAPHQL_LIMITS.maxPageSize}.`);
      }
      const filter = toListFilter(args.filter);
      const after = args.after ? decodeCursor(args.after) : undefined;
      const page = await listClaimsPage(context.em, { filter, first, after });

      return { ...page, filter };
    },
  }),
}));
