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
};

const label = (state: string): string => {
  const words = state.replace(/_/g, ' ');

  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

export const StateBadge = ({ state }: { state: string | null | undefined }) => {
  const value = state ?? 'unknown';

  return (
    <span className={`badge badge--${TONES[value] ?? 'neutral'}`} data-state={value}>
      {label(value)}
    </span>
  );
};
