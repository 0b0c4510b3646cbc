import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { recoverInput } from '@switchyard/domain/transport/identity/account-links';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../shared/forms/submit-button.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../shared/forms/use-form-submission.ts';
import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { Link } from '../../shared/router/link.tsx';
import { transportTrpc } from '../shared/transport-client.ts';
import { transportPaths } from '../shared/transport-paths.ts';

/**
 * Asks for a reset link. The confirmation is the server's neutral sentence, the same whether or
 * not the address has an account, so the page tells nobody who is registered.
 */
export const ForgotPasswordPage = () => {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const form = useFormSubmission((path) => path === 'email');
  const recover = useMutation(transportTrpc.identity.recover.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(recoverInput, { email }, async (request) => {
      const answer = await recover.mutateAsync(request);
      setSentTo({ email: request.email.trim(), message: answer.message });
    });
  };

  return (
    <section className="card auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="auth-card__title">
        Forgot your password?
      </h1>
      {sentTo ? (
        <>
          <FormAlert tone="success">
            <strong>Check your mail for {sentTo.email}.</strong> {sentTo.message}
          </FormAlert>
          <p className="muted">No mail after a few minutes? Look in the spam folder, or check the address and ask again.</p>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setSentTo(null)}>
              Use another address
            </button>
            <Link className="button button--primary" to={transportPaths.signIn()}>
              Back to sign in
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="muted">Enter the email address you sign in with. We will mail you a link to choose a new password.</p>
          {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
          <form className="form" onSubmit={submit} noValidate>
            <TextField
              id="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onValueChange={(value) => {
                setEmail(value);
                form.clearError('email');
              }}
              error={form.errors.email}
            />
            <SubmitButton label="Send me a link" busyLabel="Sending…" isBusy={form.isBusy} size="block" />
          </form>
          <p className="auth-card__foot">
            Remembered it? <Link to={transportPaths.signIn()}>Sign in</Link>
          </p>
        </>
      )}
    </section>
  );
};
