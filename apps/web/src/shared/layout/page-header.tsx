import type { ReactNode } from 'react';

type PageHeaderProps = { eyebrow?: string; title: string; lead?: ReactNode; actions?: ReactNode };

export const PageHeader = ({ eyebrow, title, lead, actions }: PageHeaderProps) => (
  <header className={actions ? 'page-header page-header--row' : 'page-header'}>
    <div>
      {eyebrow ? <p className="page-header__eyebrow">{eyebrow}</p> : null}
      <h1 className="page-header__title">{title}</h1>
      {lead ? <p className="page-header__lead">{lead}</p> : null}
    </div>
    {actions ? <div className="page-header__actions">{actions}</div> : null}
  </header>
);
