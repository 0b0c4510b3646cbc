import { auditExistsAtOrNewer, countAudit, listAuditPage } from '@switchyard/db/transport/reporting/audit-page';
import { builder, cost } from '../builder.ts';
import { invalidInputError } from '../../../graphql-common/graphql-errors.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from '../limits.ts';
import { isUuid, readPageArguments } from '../../../graphql-common/page-arguments.ts';
import { TENANT_ARGUMENT, tenantArgument } from '../tenant-argument.ts';
import { AuditEntryConnectionRef } from '../types/connections.ts';

/** The audit table's own limit on an action's length. */
const MAX_ACTION = 200;

builder.queryField('auditLog', (t) =>
  t.field({
    type: AuditEntryConnectionRef,
    description: `The tenant's audit rows, newest first: impersonation starts and ends, impersonated actions, and what other features record. \`first\` (1 to ${TRANSPORT_GRAPHQL_LIMITS.maxPageSize}, ${TRANSPORT_GRAPHQL_LIMITS.defaultPageSize} when absent) after the \`after\` cursor.`,
    args: {
      tenant: t.arg.id(TENANT_ARGUMENT),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      action: t.arg.string({ required: false, description: 'Only rows with exactly this action, such as `assume_identity_start`.' }),
    },
    extensions: cost({
      base: 2,
      sizeArguments: ['first'],
      assumedSize: TRANSPORT_GRAPHQL_LIMITS.defaultPageSize,
      maxSize: TRANSPORT_GRAPHQL_LIMITS.maxPageSize,
    }),
    resolve: async (_root, args, context) => {
      const window = readPageArguments(args, TRANSPORT_GRAPHQL_LIMITS, isUuid);
      if (args.action != null && (args.action.length > MAX_ACTION || args.action.includes('\u0000'))) {
        throw invalidInputError(`action must be at most ${MAX_ACTION} characters, without NUL.`);
      }
      const tenant = await context.tenantFor(tenantArgument(args.tenant));
      const filter = { tenantId: tenant.id, action: args.action ?? undefined };
      const page = await listAuditPage(context.em, { ...window, filter });
      const after = window.after;

      return {
        ...page,
        hasPrevious: async () => (after ? auditExistsAtOrNewer(context.em, filter, after) : false),
        total: () => countAudit(context.em, filter),
      };
    },
  }),
);
