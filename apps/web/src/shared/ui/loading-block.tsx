export const LoadingBlock = ({ label = 'Loading…' }: { label?: string }) => (
  <div className="loading" role="status" aria-live="polite">
    <span className="loading__spinner" aria-hidden="true" />
    {label}
  </div>
);
