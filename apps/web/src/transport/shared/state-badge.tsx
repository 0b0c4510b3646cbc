/** Words the transport API uses for states, each with a tone and a reader-friendly label. */
const TONES: Record<string, string> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  draft: 'muted',
  sent: 'info',
  unpaid: 'warning',
  partial: 'warning',
  paid: 'success',
  active: 'success',
  inactive: 'muted',
  clear: 'success',
  moderate: 'warning',
  heavy: 'danger',
  unavailable: 'muted',
  upcoming: 'info',
  arrived: 'success',
  not_seen: 'warning',
  scheduled: 'neutral',
  not_started: 'muted',
  on_the_way: 'info',
  running_late: 'warning',
  picked_up: 'success',
  dropped_off: 'success',
  no_time: 'muted',
};

const label = (state: string): string => {
  const words = state.replace(/_/g, ' ');

  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** `text` replaces the state's own word where a reader needs another one (a family's "Not yet due"). */
export const StateBadge = ({ state, text }: { state: string | null | undefined; text?: string }) => {
  const value = state ?? 'unknown';

  return (
    <span className={`badge badge--${TONES[value] ?? 'neutral'}`} data-state={value}>
      {text ?? label(value)}
    </span>
  );
};
