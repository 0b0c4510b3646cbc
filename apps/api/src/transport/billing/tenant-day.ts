import { findTenant } from '@switchyard/db/transport/tenants';
import type { TransportContext } from '../context.ts';

/** The tenant's time zone, in which "today" and a payment's day are read. */
export const tenantTimeZone = async (ctx: Pick<TransportContext, 'em'> & { tenantId: string }): Promise<string> =>
  (await findTenant(ctx.em, ctx.tenantId))?.time_zone ?? 'UTC';
