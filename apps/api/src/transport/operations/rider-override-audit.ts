import type { RiderConflict } from '@switchyard/domain/transport/live/rider-fit';
import { auditStaffWrite } from '../tenants/staff-audit.ts';

/** The operator's confirmed override, one audit row with its reason and each conflict it let through; nothing when none was needed. */
export const auditRiderOverride = async (
  ctx: Parameters<typeof auditStaffWrite>[0],
  routeId: string,
  override: { reason: string } | undefined,
  conflicts: readonly RiderConflict[],
): Promise<void> => {
  if (override === undefined || conflicts.length === 0) {
    return;
  }
  await auditStaffWrite(ctx, {
    action: 'route.riders_override',
    resource: `route:${routeId}`,
    details: {
      reason: override.reason,
      conflicts: conflicts.map(({ child_id, kind, direction, stop, message }) => ({ child_id, kind, direction, stop, message })),
    },
  });
};
