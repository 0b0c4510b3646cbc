/** A bus position an operator enters by hand; each part may be left out. */
export type ManualBusPosition = { lat?: number | null; lng?: number | null; heading?: number | null; speed?: number | null };

/**
 * A position typed in by an operator counts as a fix taken now, like a tracker's report, so the
 * bus shows as active on the dashboard; a bus added without a position has no report time yet.
 */
export const manualBusFix = (position: ManualBusPosition, now: Date) => {
  const located = position.lat != null && position.lng != null;

  return {
    position: { lat: position.lat ?? null, lng: position.lng ?? null, heading: position.heading ?? null, speed: position.speed ?? null },
    lastUpdate: located ? now : null,
  };
};
