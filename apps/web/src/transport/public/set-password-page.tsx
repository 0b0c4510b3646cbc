import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { setPasswordInput, type PasswordLinkKind } from '@switchyard/domain/transport/identity/account-links';
import { MIN_PASSWORD_LENGTH } from '@switchyard/domain/transport/identity/credentials';
import { readAppError } from '../../shared/api/read-app-error.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../shared/forms/submit-button.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../shared/forms/use-form-submission.ts';
import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { navigate } from '../../shared/router/browser-location.ts';
import { Link } from '../../shared/router/link.tsx';
import { transportSession } from '../shared/session/transport-session.ts';
import { transportTrpc } from '../shared/transport-client.ts';
import { homeForRole, transportPaths } from '../shared/transport-paths.ts';
import { takeMailedLink, type MailedLink } from './link-fragment.ts';

const WORDS: Record<PasswordLinkKind, { title: string; lead: string; button: string; busy: string }> = {
  recovery: {
    title: 'Choose a new password',
    lead: 'Your old password stops working, and any other device signed in to your account is signed out.',
    button: 'Save password and sign in',
    busy: 'Saving…',
  },
  invite: {
    title: 'Welcome aboard',
    lead: 'Choose the password you will sign in with. Then the operator console opens.',
    button: 'Set password and continue',
    busy: 'Setting up…',
  },
};

/** Read once per page load: the fragment is gone from the address bar after that. */
let taken: MailedLink | null = null;

/**
 * The page a reset or invitation mail opens. Nothing is sent when it opens (mail scanners open
 * links too); the link is spent only when the person saves a password, and they are signed in.
 */
export const SetPasswordPage = ({ kind }: { kind: PasswordLinkKind }) => {
  const words = WORDS[kind];
  useDocumentTitle(words.title);
  const [link] = useState<MailedLink>(() => (taken ??= takeMailedLink()));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useFormSubmission((path) => path === 'password' || path === 'confirm');
  const setNew = useMutation(transportTrpc.identity.setPassword.mutationOptions());
  const [deadLink, setDeadLink] = useState<string | null>(null);

  if (link.kind === 'missing' || link.kind === 'error' || deadLink !== null) {
    return (
      <section className="card auth-card" aria-labelledby="set-password-title">
        <h1 id="set-password-title" className="auth-card__title">
          This link cannot be used
        </h1>
        <FormAlert>
          {deadLink ??
            (link.kind === 'error' ? link.message : 'The link is incomplete. Open it again from the mail, or ask for a new one.')}
        </FormAlert>
        <p className="auth-card__foot">
          {kind === 'recovery' ? (
            <Link to={transportPaths.forgotPassword}>Ask for a new link</Link>
          ) : (
            'Ask the person who invited you to send a new invitation.'
          )}
        </p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mismatch = confirm !== password ? [{ path: 'confirm', message: 'The two passwords are not the same.' }] : [];
    const proof = link.kind === 'token' ? { token_hash: link.token_hash } : { access_token: link.access_token };
    void form.submit(
      setPasswordInput,
      { type: kind, ...proof, password },
      async (request) => {
        const answer = await setNew.mutateAsync(request).catch((error: unknown) => {
          // A used or expired link cannot work on a second try: say so instead of the form.
          if (readAppError(error).code === 'unauthorized') {
            setDeadLink(readAppError(error).message);

            return null;
          }
          throw error;
        });
        if (!answer) {
          return;
        }
        transportSession.save({ token: answer.access_token, user: answer.user });
        navigate(homeForRole(answer.user.role), { replace: true });
      },
      mismatch,
    );
  };

  return (
    <section className="card auth-card" aria-labelledby="set-password-title">
      <h1 id="set-password-title" className="auth-card__title">
        {words.title}
      </h1>
      <p className="muted">{words.lead}</p>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          required
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            form.clearError('password');
          }}
          error={form.errors.password}
        />
        <TextField
          id="confirm"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onValueChange={(value) => {
            setConfirm(value);
            form.clearError('confirm');
          }}
          error={form.errors.confirm}
        />
        <SubmitButton label={words.button} busyLabel={words.busy} isBusy={form.isBusy} size="block" />
      </form>
      <p className="auth-card__foot">
        <Link to={transportPaths.signIn()}>Back to sign in</Link>
      </p>
    </section>
  );
};
