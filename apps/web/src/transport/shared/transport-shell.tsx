import type { ReactNode } from 'react';
import { AppShell, type NavItem } from '../../shared/layout/app-shell.tsx';
import { navigate } from '../../shared/router/browser-location.ts';
import { transportSession } from './session/transport-session.ts';
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

type TransportShellProps = { area: string; homeHref: string; nav: readonly NavItem[]; signedIn: boolean; width?: 'narrow' | 'wide'; children: ReactNode };

/** The app shell every transport area uses: brand, the area's links, and sign-out once signed in. */
export const TransportShell = ({ area, homeHref, nav, signedIn, width, children }: TransportShellProps) => (
  <AppShell area={area} homeHref={homeHref} nav={nav} actions={signedIn ? <SignOutButton /> : null} width={width} footer={FOOTER}>
    {children}
  </AppShell>
);
