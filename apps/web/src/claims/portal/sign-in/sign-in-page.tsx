import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { signInRequestInput } from '@switchyard/domain/claims/schemas';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { refusalMessage } from '../../../shared/api/refusal-message.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { useLocation } from '../../../shared/router/use-location.ts';
import { publicTrpc } from '../../shared/public-client.ts';
import { SignInNotice } from './sign-in-notice.tsx';
import { Icon } from '../../../shared/ui/icon.tsx';

export const SignInPage = () => {
  useDocumentTitle('Client sign-in');
  const { searchParams } = useLocation();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const requestLink = useMutation(publicTrpc.auth.request.mutationOptions());
  const isSending = requestLink.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = signInRequestInput.safeParse({ email });
    if (!check.success) {
      setEmailError(check.error.issues[0]?.message ?? 'must be a valid email address');

      return;
    }
    setFormError(null);
    try {
      const result = await requestLink.mutateAsync(check.data);
      setAnswer(result.message);
    } catch (error) {
      const info = readAppError(error);
      const issue = info.issues.find((item) => item.path === 'email');
      if (issue) {
        setEmailError(issue.message);
      } else {
        setFormError(refusalMessage(info, 'sign-in requests'));
      }
    }
  };

  if (answer) {
    return (
      <section className="card auth-card" aria-labelledby="check-title">
        <div className="auth-card__icon">
          <Icon name="mail" />
        </div>
        <h1 id="check-title" className="auth-card__title">
          Check your email
        </h1>
        <p role="status" data-testid="sign-in-answer">
          {answer}
        </p>
        <p className="muted">Open the link on this device. It works once.</p>
        <button type="button" className="button button--link" onClick={() => setAnswer(null)}>
          Use a different email
        </button>
      </section>
    );
  }

  return (
    <section className="card auth-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className="auth-card__title">
        Sign in to your claims
      </h1>
      <p className="muted">Enter the email you used when submitting a claim. We will email you a one-time sign-in link.</p>
      <SignInNotice notice={searchParams.get('notice')} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="form">
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setEmailError(undefined);
          }}
          error={emailError}
        />
        <button type="submit" className="button button--primary button--block" disabled={isSending}>
          {isSending ? 'Sending…' : 'Email me a sign-in link'}
        </button>
      </form>
      <p className="auth-card__foot">
        No claim yet? <Link to="/">Submit a claim</Link>
      </p>
    </section>
  );
};
