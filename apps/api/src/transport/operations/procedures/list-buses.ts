import { listBuses as listBusRows } from '@switchyard/db/transport/operations/buses';
import { tenantProcedure } from '../../trpc.ts';
import { presentBus } from '../presenters.ts';

export const listBuses = tenantProcedure.query(async ({ ctx }) => (await listBusRows(ctx.db.fork(), ctx.tenantId)).map(presentBus));
