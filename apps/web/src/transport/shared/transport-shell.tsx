import type { ReactNode } from 'react';
import { AppShell, type NavItem } from '../../shared/layout/app-shell.tsx';
import { navigate } from '../../shared/router/browser-location.ts';
import { useKnownTenant } from './session/known-tenant.ts';
import { transportSession } from './session/transport-session.ts';
import { TenantTheme } from './theme/tenant-theme.tsx';
import { CompactMenu } from './compact-menu.tsx';
import { transportPaths } from './transport-paths.ts';

const FOOTER = 'Switchyard school transport · Payments are taken by the payment provider; we never ask for card numbers.';

const SignOutButton = () => (
  <button
    type="button"
    className="topbar__link topbar__button"
    onClick={() => {
      transportSession.clear();
      navigate(transportPaths.signIn('signed-out'), { replace: true });
    }}
  >
    Sign out
  </button>
);

type TransportShellProps = {
  area: string;
  homeHref: string;
  nav: readonly NavItem[];
  signedIn: boolean;
  /** Areas that work for one operator wear its theme; platform administration keeps the app's own. */
  themed: boolean;
  width?: 'narrow' | 'wide';
  /** Many links: at phone width they fold into one menu. */
  compactNav?: boolean;
  children: ReactNode;
};

/** The app shell every transport area uses: brand, the area's links, and sign-out once signed in. */
export const TransportShell = ({ area, homeHref, nav, signedIn, themed, width, compactNav = false, children }: TransportShellProps) => {
  const tenant = useKnownTenant();
  const actions = (
    <>
      {compactNav ? <CompactMenu nav={nav} /> : null}
      {signedIn ? <SignOutButton /> : null}
    </>
  );

  return (
    <TenantTheme slug={themed ? tenant : null}>
      <div className={compactNav ? 'compact-nav-shell' : undefined}>
        <AppShell area={area} homeHref={homeHref} nav={nav} actions={actions} width={width} footer={FOOTER}>
          {children}
        </AppShell>
      </div>
    </TenantTheme>
  );
};
