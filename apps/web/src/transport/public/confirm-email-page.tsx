import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { readAppError } from '../../shared/api/read-app-error.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../shared/forms/submit-button.tsx';
import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { Link } from '../../shared/router/link.tsx';
import { transportSession } from '../shared/session/transport-session.ts';
import { transportTrpc } from '../shared/transport-client.ts';
import { homeForRole, transportPaths } from '../shared/transport-paths.ts';
import { takeMailedLink, type MailedLink } from './link-fragment.ts';

/** Read once per page load: the fragment is gone from the address bar after that. */
let taken: MailedLink | null = null;

/** A refusal that asking again with the same link cannot change: a used or expired link, a taken address. */
const FINAL_CODES = new Set(['unauthorized', 'conflict']);

/**
 * The page the mail to a new email address opens. The account keeps its old address until the
 * person presses the button here (mail scanners open links too); then it signs in with the new one.
 */
export const ConfirmEmailPage = () => {
  useDocumentTitle('Confirm your new email address');
  const [link] = useState<MailedLink>(() => (taken ??= takeMailedLink()));
  const confirm = useMutation(transportTrpc.identity.confirmEmail.mutationOptions());
  const failure = confirm.error ? readAppError(confirm.error) : null;

  if (link.kind !== 'token' || (failure && FINAL_CODES.has(failure.code))) {
    return (
      <section className="card auth-card" aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title" className="auth-card__title">
          This link cannot be used
        </h1>
        <FormAlert>
          {failure?.message ??
            (link.kind === 'error' ? link.message : 'The link is incomplete. Open it again from the mail, or ask for the change again.')}
        </FormAlert>
        <p className="auth-card__foot">
          <Link to={transportPaths.signIn()}>Go to sign in</Link>
        </p>
      </section>
    );
  }
  if (confirm.data) {
    return (
      <section className="card auth-card" aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title" className="auth-card__title">
          Email address confirmed
        </h1>
        <FormAlert tone="success">Your account now uses {confirm.data.user.email}. Sign in with it from now on.</FormAlert>
        <p className="auth-card__foot">
          <Link to={homeForRole(confirm.data.user.role)}>Go to your pages</Link>
        </p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(
      { token_hash: link.token_hash },
      { onSuccess: (answer) => transportSession.save({ token: answer.access_token, user: answer.user }) },
    );
  };

  return (
    <section className="card auth-card" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title" className="auth-card__title">
        Confirm your new email address
      </h1>
      <p className="muted">Your account keeps its old address until you confirm this one.</p>
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <form className="form" onSubmit={submit} noValidate>
        <SubmitButton label="Confirm this address" busyLabel="Confirming…" isBusy={confirm.isPending} size="block" />
      </form>
    </section>
  );
};
