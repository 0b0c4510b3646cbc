import { listBuses } from '@switchyard/db/transport/operations/buses';
import { listSchools } from '@switchyard/db/transport/operations/schools';
import { listReportRoutes } from '@switchyard/db/transport/reporting/routes';
import { builder, cost } from '../builder.ts';
import { TRANSPORT_GRAPHQL_LIMITS } from '../limits.ts';
import { TENANT_ARGUMENT, tenantArgument } from '../tenant-argument.ts';
import { RouteStatusEnum } from '../types/enums.ts';
import { BusRef, RouteRef, SchoolRef } from '../types/refs.ts';

const { assumed } = TRANSPORT_GRAPHQL_LIMITS;

/** The tenant's routes, buses and schools: every row, ordered as the REST lists order them. */
builder.queryFields((t) => ({
  routes: t.field({
    type: [RouteRef],
    description: 'By name; each with its ordered stops and its bus on request.',
    args: {
      tenant: t.arg.id(TENANT_ARGUMENT),
      status: t.arg({ type: [RouteStatusEnum], required: false, description: 'Only routes in one of these statuses.' }),
    },
    extensions: cost({ base: 2, assumedSize: assumed.routes }),
    resolve: async (_root, args, context) => {
      const tenant = await context.tenantFor(tenantArgument(args.tenant));

      return listReportRoutes(context.em, tenant.id, args.status ?? undefined);
    },
  }),
  buses: t.field({
    type: [BusRef],
    description: 'By id; each with the routes it is assigned to on request.',
    args: { tenant: t.arg.id(TENANT_ARGUMENT) },
    extensions: cost({ base: 2, assumedSize: assumed.buses }),
    resolve: async (_root, args, context) => listBuses(context.em, (await context.tenantFor(tenantArgument(args.tenant))).id),
  }),
  schools: t.field({
    type: [SchoolRef],
    description: 'By name.',
    args: { tenant: t.arg.id(TENANT_ARGUMENT) },
    extensions: cost({ base: 2, assumedSize: assumed.schools }),
    resolve: async (_root, args, context) => listSchools(context.em, (await context.tenantFor(tenantArgument(args.tenant))).id),
  }),
}));
