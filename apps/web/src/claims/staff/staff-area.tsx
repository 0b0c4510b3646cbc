import { AppShell } from '../../shared/layout/app-shell.tsx';
import { CLAIMS_FOOTER } from '../shared/claims-footer.ts';
import { matchPath } from '../../shared/router/match-path.ts';
import { useLocation } from '../../shared/router/use-location.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { StaffClaimPage } from './claim-detail/staff-claim-page.tsx';
import { StaffClaimsPage } from './claim-list/staff-claims-page.tsx';
import { StaffSignInPage } from './sign-in/staff-sign-in-page.tsx';
import { StatsPage } from './stats/stats-page.tsx';
import { StaffMembersPage } from './members/staff-members-page.tsx';
import { StaffVerifyPage } from './sign-in/staff-verify-page.tsx';
import { STAFF_VERIFY_PATH } from './session/capture-staff-sign-in-token.ts';
import { staffPaths } from './staff-paths.ts';
import { staffClient } from './staff-client.ts';
import { clearStaffKey, useStaffKey, wasStaffKeyRejected } from './staff-key.ts';

const StaffPage = ({ pathname }: { pathname: string }) => {
  if (pathname === staffPaths.claims || pathname === `${staffPaths.claims}/`) {
    return <StaffClaimsPage />;
  }
  if (pathname === staffPaths.stats) {
    return <StatsPage />;
  }
  if (pathname === staffPaths.members) {
    return <StaffMembersPage />;
  }
  const claim = matchPath('/staff/claims/:claimNumber', pathname);
  if (claim?.claimNumber) {
    return <StaffClaimPage key={claim.claimNumber} claimNumber={claim.claimNumber} />;
  }

  return <EmptyState title="Page not found" />;
};

/** A member's session is ended on the server too; the key has none. Forgotten here either way. */
const signOut = async () => {
  try {
    await staffClient.staff.auth.logout.mutate();
  } catch {
    // Already ended or unreachable: the browser forgets it all the same.
  }
  clearStaffKey('signed-out');
};

export const StaffArea = () => {
  const { pathname } = useLocation();
  const staffKey = useStaffKey();

  return (
    <AppShell
      footer={CLAIMS_FOOTER}
      area="Staff console"
      homeHref={staffPaths.claims}
      nav={
        staffKey
          ? [
              { to: staffPaths.claims, label: 'Claims' },
              { to: staffPaths.stats, label: 'Statistics' },
              { to: staffPaths.members, label: 'Staff' },
            ]
          : []
      }
      actions={
        staffKey ? (
          <button type="button" className="topbar__link topbar__button" onClick={() => void signOut()}>
            Sign out
          </button>
        ) : null
      }
      width={staffKey ? 'wide' : 'narrow'}
    >
      {pathname === STAFF_VERIFY_PATH ? (
        <StaffVerifyPage />
      ) : staffKey ? (
        <StaffPage pathname={pathname} />
      ) : (
        <StaffSignInPage wasRejected={wasStaffKeyRejected()} />
      )}
    </AppShell>
  );
};
