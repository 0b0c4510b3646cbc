import { countHouseholds, householdExistsAtOrNewer, listHouseholdsPage } from '@switchyard/db/transport/reporting/households-page';
import { builder, cost } from '../builder.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from '../limits.ts';
import { isTextId, readPageArguments } from '../../../graphql-common/page-arguments.ts';
import { TENANT_ARGUMENT, tenantArgument } from '../tenant-argument.ts';
import { HouseholdConnectionRef } from '../types/connections.ts';
import { RegistrationStatusEnum } from '../types/enums.ts';

builder.queryField('households', (t) =>
  t.field({
    type: HouseholdConnectionRef,
    description: `The tenant's households, newest first. \`first\` (1 to ${TRANSPORT_GRAPHQL_LIMITS.maxPageSize}, ${TRANSPORT_GRAPHQL_LIMITS.defaultPageSize} when absent) after the \`after\` cursor.`,
    args: {
      tenant: t.arg.id(TENANT_ARGUMENT),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      registrationStatus: t.arg({
        type: [RegistrationStatusEnum],
        required: false,
        description: 'Only households whose registration is in one of these statuses.',
      }),
    },
    extensions: cost({
      base: 2,
      sizeArguments: ['first'],
      assumedSize: TRANSPORT_GRAPHQL_LIMITS.defaultPageSize,
      maxSize: TRANSPORT_GRAPHQL_LIMITS.maxPageSize,
    }),
    resolve: async (_root, args, context) => {
      // Arguments first: a malformed request is refused for what it is, whoever reads it.
      const window = readPageArguments(args, TRANSPORT_GRAPHQL_LIMITS, isTextId);
      const tenant = await context.tenantFor(tenantArgument(args.tenant));
      const filter = { tenantId: tenant.id, registrationStatuses: args.registrationStatus ?? undefined };
      const page = await listHouseholdsPage(context.em, { ...window, filter });
      const after = window.after;

      return {
        ...page,
        hasPrevious: async () => (after ? householdExistsAtOrNewer(context.em, filter, after) : false),
        total: () => countHouseholds(context.em, filter),
      };
    },
  }),
);
