import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { registerInput } from '@switchyard/domain/transport/identity/schemas';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../shared/forms/use-form-submission.ts';
import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { navigate } from '../../shared/router/browser-location.ts';
import { Link } from '../../shared/router/link.tsx';
import { operatorChoice } from '../shared/session/operator-choice.ts';
import { transportSession } from '../shared/session/transport-session.ts';
import { transportTrpc } from '../shared/transport-client.ts';
import { transportPaths } from '../shared/transport-paths.ts';
import { SubmitButton } from '../../shared/forms/submit-button.tsx';

/** The built-in identity provider needs at least this many characters; checked here to save a round trip. */
const MIN_PASSWORD = 6;

const FIELDS = new Set(['display_name', 'email', 'password']);

export const CreateAccountPage = () => {
  useDocumentTitle('Create an account');
  const operator = operatorChoice.use();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormSubmission((path) => FIELDS.has(path));
  const register = useMutation(transportTrpc.identity.register.mutationOptions());

  if (!operator) {
    return (
      <section className="card auth-card">
        <h1 className="auth-card__title">Create an account</h1>
        <p>First choose your school transport operator.</p>
        <Link className="button button--primary button--block" to={transportPaths.welcome}>
          Choose your operator
        </Link>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tooShort =
      password.length > 0 && password.length < MIN_PASSWORD
        ? [{ path: 'password', message: `must be at least ${MIN_PASSWORD} characters` }]
        : [];
    void form.submit(
      registerInput,
      { email, password, display_name: name.trim() || undefined, tenant: operator.slug },
      async (request) => {
        const answer = await register.mutateAsync(request);
        if (!answer.access_token) {
          navigate(transportPaths.signIn('account-created'), { replace: true });

          return;
        }
        transportSession.save({ token: answer.access_token, user: answer.user });
        navigate(transportPaths.familyRegister, { replace: true });
      },
      tooShort,
    );
  };

  return (
    <section className="card auth-card" aria-labelledby="create-account-title">
      <h1 id="create-account-title" className="auth-card__title">
        Create an account
      </h1>
      <p className="muted">
        With <strong>{operator.name}</strong>. Next you register your household and children.
      </p>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id="display_name"
          label="Your name"
          autoComplete="name"
          value={name}
          onValueChange={setName}
          error={form.errors.display_name}
        />
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
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD} characters.`}
          value={password}
          onValueChange={setPassword}
          error={form.errors.password}
        />
        <SubmitButton label="Create account" busyLabel="Creating…" isBusy={form.isBusy} size="block" />
      </form>
      <p className="auth-card__foot">
        Already have an account? <Link to={transportPaths.signIn()}>Sign in</Link>
      </p>
    </section>
  );
};
