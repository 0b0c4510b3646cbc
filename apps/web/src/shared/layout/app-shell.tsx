import type { ReactNode } from 'react';
import { Link } from '../router/link.tsx';
import { useLocation } from '../router/use-location.ts';

export type NavItem = { to: string; label: string };

type AppShellProps = {
  area: string;
  homeHref: string;
  nav: readonly NavItem[];
  actions?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide';
  /** The service's own line at the foot of every page. */
  footer: ReactNode;
};

export const AppShell = ({ area, homeHref, nav, actions, children, width = 'wide', footer }: AppShellProps) => {
  const { pathname } = useLocation();

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Link to={homeHref} className="brand">
            <span className="brand__mark" aria-hidden="true" />
            <span className="brand__name">Switchyard</span>
            <span className="brand__area">{area}</span>
          </Link>
          <nav className="topbar__nav" aria-label="Main">
            {nav.map((item) => (
              <Link key={item.to} to={item.to} className="topbar__link" aria-current={pathname === item.to ? 'page' : undefined}>
                {item.label}
              </Link>
            ))}
            {actions}
          </nav>
        </div>
      </header>
      <main id="main" className={`page page--${width}`} tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <p>{footer}</p>
      </footer>
    </div>
  );
};
