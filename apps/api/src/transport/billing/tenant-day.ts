import { findTenant } from '@switchyard/db/transport/tenants';
import type { TransportContext } from '../context.ts';

/** The tenant's time zone, in which "today" and a payment's day are read. */
export const tenantTimeZone = async (ctx: Pick<TransportContext, 'db'> & { tenantId: string }): Promise<string> =>
  (await findTenant(ctx.db.fork(), ctx.tenantId))?.time_zone ?? 'UTC';
