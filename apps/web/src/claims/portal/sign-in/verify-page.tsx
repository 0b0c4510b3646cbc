import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { Link } from '../../../shared/router/link.tsx';
import { publicTrpc } from '../../shared/public-client.ts';
import { portalPaths } from '../portal-paths.ts';
import { peekPendingToken, takePendingToken } from '../session/capture-sign-in-token.ts';
import { clearSession, saveSession } from '../session/portal-session.ts';
import { Icon } from '../../../shared/ui/icon.tsx';

/**
 * Nothing is sent until the person presses the button: mail scanners open links but do not
 * press buttons, so they cannot use up the single-use token.
 */
export const VerifyPage = () => {
  useDocumentTitle('Confirm sign-in');
  const [token] = useState(peekPendingToken);
  // Stays busy after success too: the page is left for the claims list.
  const [isSending, setIsSending] = useState(false);
  const verify = useMutation(publicTrpc.auth.verify.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    if (!token) {
      return;
    }
    setIsSending(true);
    setError(null);
    clearSession();
    try {
      const answer = await verify.mutateAsync({ token });
      takePendingToken();
      saveSession({ token: answer.session_token, expiresAt: answer.expires_at, client: answer.client });
      navigate(portalPaths.claims, { replace: true });
    } catch (failure) {
      const info = readAppError(failure);
      if (info.code === 'unauthorized' || info.code === 'validation_error') {
        takePendingToken();
        navigate(portalPaths.signIn('link-invalid'), { replace: true });

        return;
      }
      setError(info.message);
      setIsSending(false);
    }
  };

  if (!token) {
    return (
      <section className="card auth-card" aria-labelledby="verify-title">
        <h1 id="verify-title" className="auth-card__title">
          This sign-in link cannot be used
        </h1>
        <p className="muted">The link is incomplete or was already opened in this tab.</p>
        <Link to={portalPaths.signIn()} className="button button--primary button--block">
          Request a new link
        </Link>
      </section>
    );
  }

  return (
    <section className="card auth-card" aria-labelledby="verify-title">
      <div className="auth-card__icon">
        <Icon name="lock" />
      </div>
      <h1 id="verify-title" className="auth-card__title">
        Confirm sign-in
      </h1>
      <p className="muted">Press the button to sign in to your claims portal on this device. The link works once.</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <button type="button" className="button button--primary button--block" onClick={() => void signIn()} disabled={isSending}>
        {isSending ? 'Signing in…' : 'Sign in'}
      </button>
    </section>
  );
};
