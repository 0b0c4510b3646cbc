import { divIcon, type DivIcon } from 'leaflet';

/** Markers are HTML and inline SVG drawn by the app, never Leaflet's default images from elsewhere. */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const stopIcon = (number: number, label: string, options: { draft?: boolean } = {}): DivIcon =>
  divIcon({
    className: 'map-stop-icon',
    html: `<span class="map-stop${options.draft ? ' map-stop--draft' : ''}" role="img" aria-label="${escapeHtml(label)}">${number}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    tooltipAnchor: [15, 0],
  });

export const homeStopIcon = (label: string): DivIcon =>
  divIcon({
    className: 'map-stop-icon',
    html: `<span class="map-stop map-stop--home" role="img" aria-label="${escapeHtml(label)}"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 11.5 12 5l8 6.5V20h-5.5v-5h-5v5H4z"/></svg></span>`,
    iconSize: [32, 32],
    iconAnchor: [16, 16],
    tooltipAnchor: [16, 0],
  });

/**
 * A bus: an arrow turned to its heading (north up, degrees clockwise), or a dot when the heading
 * is unknown; faded when the position is old.
 */
export const busIcon = (bus: { id: string; heading: number | null; stale: boolean; label: string }): DivIcon => {
  const shape =
    bus.heading == null
      ? '<circle cx="16" cy="16" r="9"/>'
      : `<path transform="rotate(${Math.round(bus.heading)} 16 16)" d="M16 3 26 27 16 21.5 6 27Z"/>`;

  return divIcon({
    className: 'map-bus-icon',
    html: `<span class="map-bus${bus.stale ? ' map-bus--stale' : ''}" role="img" aria-label="${escapeHtml(bus.label)}" data-bus-id="${escapeHtml(bus.id)}"><svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">${shape}</svg></span>`,
    iconSize: [34, 34],
    iconAnchor: [17, 17],
    tooltipAnchor: [0, -15],
  });
};
