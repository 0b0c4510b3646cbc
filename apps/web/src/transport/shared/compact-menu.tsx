import type { NavItem } from '../../shared/layout/app-shell.tsx';
import { Link } from '../../shared/router/link.tsx';
import { useLocation } from '../../shared/router/use-location.ts';

/**
 * The operator console's links as one "Menu" button on a phone, instead of eleven links wrapping
 * into rows above every page. Shown only at phone width (transport.css); the menu closes on every
 * page change because it is drawn anew for each path.
 */
export const CompactMenu = ({ nav }: { nav: readonly NavItem[] }) => {
  const { pathname } = useLocation();
  const current = nav.find((item) => item.to === pathname);

  return (
    <details key={pathname} className="compact-menu">
      <summary className="topbar__link compact-menu__button">
        Menu{current ? <span className="compact-menu__current"> · {current.label}</span> : null}
      </summary>
      <ul className="compact-menu__list" aria-label="Main">
        {nav.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="compact-menu__link" aria-current={pathname === item.to ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
};
