import type { ReactNode } from 'react';
import { Redirect } from '../../shared/router/redirect.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Link } from '../../shared/router/link.tsx';
import type { SessionUser } from './session/transport-session.ts';
import { transportSession } from './session/transport-session.ts';
import { homeForRole, transportPaths } from './transport-paths.ts';

type SignedInGateProps = { allows: (user: SessionUser) => boolean; children: (user: SessionUser) => ReactNode };

/** Pages of an area open only to the roles it serves; anyone else is sent to sign in or home. */
export const SignedInGate = ({ allows, children }: SignedInGateProps) => {
  const session = transportSession.use();
  if (!session) {
    return <Redirect to={transportPaths.signIn()} />;
  }
  if (!allows(session.user)) {
    return (
      <EmptyState title="This part of the app is not for your account">
        <p>
          You are signed in as {session.user.email}. <Link to={homeForRole(session.user.role)}>Go to your pages</Link>.
        </p>
      </EmptyState>
    );
  }

  return <>{children(session.user)}</>;
};
