import type { ReactNode } from 'react';

export const EmptyState = ({ title, children }: { title: string; children?: ReactNode }) => (
  <div className="empty">
    <p className="empty__title">{title}</p>
    {children ? <div className="empty__body">{children}</div> : null}
  </div>
);
