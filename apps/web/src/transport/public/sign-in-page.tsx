import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { loginInput } from '@switchyard/domain/transport/identity/schemas';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../shared/forms/use-form-submission.ts';
import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { navigate } from '../../shared/router/browser-location.ts';
import { Link } from '../../shared/router/link.tsx';
import { useLocation } from '../../shared/router/use-location.ts';
import { transportSession } from '../shared/session/transport-session.ts';
import { transportTrpc } from '../shared/transport-client.ts';
import { homeForRole, transportPaths } from '../shared/transport-paths.ts';
import { rememberOperatorFromAddress } from './remember-operator.ts';
import { SubmitButton } from '../../shared/forms/submit-button.tsx';

const NOTICES: Record<string, string> = {
  'session-ended': 'Your session has ended. Sign in again to continue.',
  'signed-out': 'You are signed out.',
  'account-created': 'Your account is ready. Sign in to continue.',
};

/** One sign-in for everyone: families, operators' staff and platform administrators. */
export const SignInPage = () => {
  useDocumentTitle('Sign in');
  const { searchParams } = useLocation();
  const notice = NOTICES[searchParams.get('notice') ?? ''];
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormSubmission((path) => path === 'email' || path === 'password');
  const login = useMutation(transportTrpc.identity.login.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(loginInput, { email, password }, async (request) => {
      const answer = await login.mutateAsync(request);
      transportSession.save({ token: answer.access_token, user: answer.user });
      if (answer.user.role === 'parent' && answer.user.tenant_id) {
        await rememberOperatorFromAddress(answer.user.tenant_id);
      }
      navigate(homeForRole(answer.user.role), { replace: true });
    });
  };

  return (
    <section className="card auth-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className="auth-card__title">
        Sign in
      </h1>
      <p className="muted">Families, operators and administrators sign in here.</p>
      {notice && !form.formError ? <FormAlert tone="info">{notice}</FormAlert> : null}
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
          error={form.errors.email}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          error={form.errors.password}
        />
        <p className="auth-card__aside">
          <Link to={transportPaths.forgotPassword}>Forgot password?</Link>
        </p>
        <SubmitButton label="Sign in" busyLabel="Signing in…" isBusy={form.isBusy} size="block" />
      </form>
      <p className="auth-card__foot">
        New family? <Link to={transportPaths.createAccount}>Create an account</Link>
      </p>
    </section>
  );
};
