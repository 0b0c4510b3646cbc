import { useMutation } from '@tanstack/react-query';
import { AppShell } from '../../shared/layout/app-shell.tsx';
import { CLAIMS_FOOTER } from '../shared/claims-footer.ts';
import { navigate } from '../../shared/router/browser-location.ts';
import { matchPath } from '../../shared/router/match-path.ts';
import { Redirect } from '../../shared/router/redirect.tsx';
import { useLocation } from '../../shared/router/use-location.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { ClaimDetailPage } from './claim-detail/claim-detail-page.tsx';
import { ClaimListPage } from './claim-list/claim-list-page.tsx';
import { portalTrpc } from './portal-client.ts';
import { portalPaths } from './portal-paths.ts';
import { clearSession, readSession } from './session/portal-session.ts';
import { SignInPage } from './sign-in/sign-in-page.tsx';
import { VerifyPage } from './sign-in/verify-page.tsx';

const SignOutButton = () => {
  const logout = useMutation(portalTrpc.auth.logout.mutationOptions());

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The session is forgotten here either way; a failed revoke only means it expires on its own.
    }
    clearSession();
    navigate(portalPaths.signIn('signed-out'), { replace: true });
  };

  return (
    <button type="button" className="topbar__link topbar__button" onClick={() => void signOut()} disabled={logout.isPending}>
      Sign out
    </button>
  );
};

const SignedInPage = ({ pathname }: { pathname: string }) => {
  if (!readSession()) {
    return <Redirect to={portalPaths.signIn()} />;
  }
  if (pathname === portalPaths.claims || pathname === `${portalPaths.claims}/`) {
    return <ClaimListPage />;
  }
  const claim = matchPath('/portal/claims/:claimNumber', pathname);
  if (claim?.claimNumber) {
    return <ClaimDetailPage key={claim.claimNumber} claimNumber={claim.claimNumber} />;
  }

  return <EmptyState title="Page not found" />;
};

export const PortalArea = () => {
  const { pathname } = useLocation();
  const isSignInFlow = pathname === '/portal/sign-in' || pathname === portalPaths.verify;
  const signedIn = readSession() !== null && !isSignInFlow;

  return (
    <AppShell
      footer={CLAIMS_FOOTER}
      area="Client portal"
      homeHref={signedIn ? portalPaths.claims : '/'}
      nav={signedIn ? [{ to: portalPaths.claims, label: 'My claims' }] : [{ to: '/', label: 'Submit a claim' }]}
      actions={signedIn ? <SignOutButton /> : null}
      width={isSignInFlow ? 'narrow' : 'wide'}
    >
      {pathname === '/portal/sign-in' ? <SignInPage /> : null}
      {pathname === portalPaths.verify ? <VerifyPage /> : null}
      {isSignInFlow ? null : <SignedInPage pathname={pathname} />}
    </AppShell>
  );
};
