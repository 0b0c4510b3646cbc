import type { ClaimStatus } from '@switchyard/domain/claims/vocabulary';

const TONES: Record<ClaimStatus, string> = {
  NEW: 'neutral',
  UNDER_REVIEW: 'info',
  ACTIVE: 'progress',
  NEGOTIATION: 'progress',
  LEGAL: 'warning',
  SETTLED: 'success',
  CLOSED: 'success',
  WRITE_OFF: 'muted',
  REJECTED: 'danger',
};

type StatusBadgeProps = { status: string; label: string; showCode?: boolean };

export const StatusBadge = ({ status, label, showCode = false }: StatusBadgeProps) => (
  <span className={`badge badge--${TONES[status as ClaimStatus] ?? 'neutral'}`} data-status={status}>
    {label}
    {showCode ? <span className="badge__code"> · {status}</span> : null}
  </span>
);
