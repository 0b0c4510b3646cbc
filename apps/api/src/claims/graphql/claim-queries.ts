import { CLAIM_NUMBER_PATTERN } from '@switchyard/domain/claims/numbering';
import { findClaim } from '@switchyard/db/claims/claim-reads';
import { listClaimsPage } from '@switchyard/db/claims/reporting-reads';
import { builder, cost } from './builder.ts';
import { invalidInputError } from '../../graphql-common/graphql-errors.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { isUuid, readPageArguments } from '../../graphql-common/page-arguments.ts';
import { ClaimConnectionRef } from './types/claim-connection.ts';
import { ClaimFilterInput, toListFilter } from './types/claim-filter.ts';
import { ClaimRef } from './types/refs.ts';

builder.queryFields((t) => ({
  claim: t.field({
    type: ClaimRef,
    nullable: true,
    args: { claimNumber: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      // As on the REST paths: a number that cannot exist is a bad argument, and never reaches SQL.
      if (!CLAIM_NUMBER_PATTERN.test(args.claimNumber)) {
        throw invalidInputError('claimNumber must be a claim number such as CLM-2026-0001.');
      }

      return findClaim(context.em, args.claimNumber);
    },
  }),
  claims: t.field({
    type: ClaimConnectionRef,
    description: `Claims newest first, whichever way the pages are read. \`first\` (with \`after\`) reads forward, \`last\` (with \`before\`) backward; not both. ${GRAPHQL_LIMITS.defaultPageSize} per page when neither is given, at most ${GRAPHQL_LIMITS.maxPageSize}. \`after\` and \`before\` together bound a window.`,
    args: {
      // No default here: a default `first` would turn every `last` into a refused first-and-last.
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      last: t.arg.int({ required: false }),
      before: t.arg.string({ required: false }),
      filter: t.arg({ type: ClaimFilterInput, required: false }),
    },
    extensions: cost({
      base: 2,
      sizeArguments: ['first', 'last'],
      assumedSize: GRAPHQL_LIMITS.defaultPageSize,
      maxSize: GRAPHQL_LIMITS.maxPageSize,
    }),
    resolve: async (_root, args, context) => {
      const request = readPageArguments(args, GRAPHQL_LIMITS, isUuid);
      const filter = toListFilter(args.filter);
      const page = await listClaimsPage(context.em, { ...request, filter });

      return { ...page, request, filter };
    },
  }),
}));
