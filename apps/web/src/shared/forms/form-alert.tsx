import type { ReactNode } from 'react';

type FormAlertProps = { tone?: 'error' | 'success' | 'info'; title?: string; children: ReactNode };

/** A message about a whole form or page; errors are announced immediately, the rest politely. */
export const FormAlert = ({ tone = 'error', title, children }: FormAlertProps) => (
  <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
    {title ? <p className="alert__title">{title}</p> : null}
    <div>{children}</div>
  </div>
);
