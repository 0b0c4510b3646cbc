import type { LatLngTuple } from 'leaflet';
import { Polyline } from 'react-leaflet';

/** The stops joined in riding order: a straight line between stops, not the streets driven. */
export const RouteLine = ({
  points,
  draft = false,
  color = '#1e3a8a',
}: {
  points: readonly LatLngTuple[];
  draft?: boolean;
  color?: string;
}) =>
  points.length < 2 ? null : (
    <Polyline
      positions={points.map((point) => [...point] as LatLngTuple)}
      pathOptions={{ color: draft ? '#a15c07' : color, weight: 4, opacity: 0.8, dashArray: draft ? '6 6' : undefined }}
    />
  );
