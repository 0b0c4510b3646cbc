import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { transportSession } from '../shared/session/transport-session.ts';
import { TransportShell } from '../shared/transport-shell.tsx';
import { homeForRole, payTokenOf, transportPaths } from '../shared/transport-paths.ts';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { CreateAccountPage } from './create-account-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { SetPasswordPage } from './set-password-page.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { WelcomePage } from './welcome-page.tsx';
import { PayPage } from './pay-page.tsx';
import { useLocation } from '../../shared/router/use-location.ts';

const Page = ({ pathname, searchParams }: { pathname: string; searchParams: URLSearchParams }) => {
  const payToken = payTokenOf(pathname);
  if (payToken) {
    return <PayPage token={payToken} checkout={searchParams.get('checkout')} />;
  }
  if (pathname === transportPaths.welcome) {
    return <WelcomePage />;
  }
  if (pathname === '/sign-in') {
    return <SignInPage />;
  }
  if (pathname === transportPaths.createAccount) {
    return <CreateAccountPage />;
  }
  if (pathname === transportPaths.forgotPassword) {
    return <ForgotPasswordPage />;
  }
  if (pathname === transportPaths.resetPassword) {
    return <SetPasswordPage kind="recovery" />;
  }
  if (pathname === transportPaths.acceptInvite) {
    return <SetPasswordPage kind="invite" />;
  }
  if (pathname === transportPaths.confirmEmail) {
    return <ConfirmEmailPage />;
  }

  return <EmptyState title="Page not found" />;
};

export const PublicArea = ({ pathname }: { pathname: string }) => {
  const session = transportSession.use();
  const { searchParams } = useLocation();
  const isForm =
    payTokenOf(pathname) !== null ||
    [
      '/sign-in',
      transportPaths.createAccount,
      transportPaths.forgotPassword,
      transportPaths.resetPassword,
      transportPaths.acceptInvite,
      transportPaths.confirmEmail,
    ].includes(pathname);

  return (
    <TransportShell
      area="School transport"
      homeHref={transportPaths.welcome}
      nav={session ? [{ to: homeForRole(session.user.role), label: 'My pages' }] : [{ to: transportPaths.signIn(), label: 'Sign in' }]}
      signedIn={session !== null}
      themed
      width={isForm ? 'narrow' : 'wide'}
    >
      <Page pathname={pathname} searchParams={searchParams} />
    </TransportShell>
  );
};
