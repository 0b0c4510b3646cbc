import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { Link } from '../../../shared/router/link.tsx';
import { Icon } from '../../../shared/ui/icon.tsx';
import { publicTrpc } from '../../shared/public-client.ts';
import { peekPendingStaffToken, takePendingStaffToken } from '../session/capture-staff-sign-in-token.ts';
import { saveStaffSession } from '../staff-key.ts';
import { staffPaths } from '../staff-paths.ts';

/** As the portal's: nothing is sent until the person presses the button, so mail scanners cannot use the link up. */
export const StaffVerifyPage = () => {
  useDocumentTitle('Confirm sign-in');
  const [token] = useState(peekPendingStaffToken);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation(publicTrpc.staff.auth.verify.mutationOptions());

  const signIn = async () => {
    if (!token) {
      return;
    }
    setIsSending(true);
    setError(null);
    try {
      const answer = await verify.mutateAsync({ token });
      takePendingStaffToken();
      saveStaffSession(answer.session_token);
      navigate(staffPaths.claims, { replace: true });
    } catch (failure) {
      const info = readAppError(failure);
      takePendingStaffToken();
      setError(info.code === 'unauthorized' ? 'This sign-in link is invalid, expired or already used. Ask for a new one.' : info.message);
      setIsSending(false);
    }
  };

  return (
    <section className="card auth-card" aria-labelledby="staff-verify-title">
      <div className="auth-card__icon">
        <Icon name="lock" />
      </div>
      <h1 id="staff-verify-title" className="auth-card__title">
        {token ? 'Confirm sign-in' : 'This sign-in link cannot be used'}
      </h1>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {token && !error ? (
        <>
          <p className="muted">Press the button to sign in to the staff console on this device for 8 hours. The link works once.</p>
          <button type="button" className="button button--primary button--block" onClick={() => void signIn()} disabled={isSending}>
            {isSending ? 'Signing in…' : 'Sign in'}
          </button>
        </>
      ) : (
        <Link to={staffPaths.claims} className="button button--primary button--block">
          Request a new link
        </Link>
      )}
    </section>
  );
};
