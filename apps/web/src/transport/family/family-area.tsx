import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { SignedInGate } from '../shared/signed-in-gate.tsx';
import { TransportShell } from '../shared/transport-shell.tsx';
import { transportPaths } from '../shared/transport-paths.ts';
import { HouseholdPage } from './household/household-page.tsx';
import { RegistrationPage } from './registration/registration-page.tsx';

const Page = ({ pathname, email }: { pathname: string; email: string }) => {
  if (pathname === transportPaths.family || pathname === `${transportPaths.family}/`) {
    return <HouseholdPage />;
  }
  if (pathname === transportPaths.familyRegister) {
    return <RegistrationPage email={email} />;
  }

  return <EmptyState title="Page not found" />;
};

/** Any signed-in account may use these pages; they show only households the account pays for. */
export const FamilyArea = ({ pathname }: { pathname: string }) => (
  <TransportShell
    area="Family"
    homeHref={transportPaths.family}
    nav={[
      { to: transportPaths.family, label: 'My household' },
      { to: transportPaths.familyRegister, label: 'Register children' },
    ]}
    signedIn
    themed
  >
    <SignedInGate allows={() => true}>{(user) => <Page pathname={pathname} email={user.email} />}</SignedInGate>
  </TransportShell>
);
