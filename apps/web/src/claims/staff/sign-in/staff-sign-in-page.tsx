import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { refusalMessage } from '../../../shared/api/refusal-message.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { createClaimsClient } from '../../shared/claims-client.ts';
import { publicTrpc } from '../../shared/public-client.ts';
import { saveStaffKey } from '../staff-key.ts';

/** A staff member asks for a mailed link; the shared key stays available below it for the API's holders. */
const EmailSignIn = () => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = useMutation(publicTrpc.staff.auth.request.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setError('Enter your email address.');

      return;
    }
    setError(null);
    try {
      const answer = await request.mutateAsync({ email: email.trim() });
      setSent(answer.message);
    } catch (failure) {
      setError(refusalMessage(readAppError(failure), 'sign-in requests'));
    }
  };

  if (sent) {
    return (
      <p className="notice" role="status">
        {sent}
      </p>
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField id="staff-email" label="Your email" type="email" autoComplete="email" required value={email} onValueChange={setEmail} />
      <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Email me a sign-in link'}
      </button>
    </form>
  );
};

const KeySignIn = ({ wasRejected }: { wasRejected: boolean }) => {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(wasRejected ? 'Your sign-in was not accepted or has ended. Sign in again.' : null);
  const [isChecking, setIsChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (key.trim() === '') {
      setError('Enter the staff key.');

      return;
    }
    setIsChecking(true);
    setError(null);
    // Tried against a real staff call before it is kept and the console opens.
    const candidate = key.trim();
    const probe = createClaimsClient({ headers: () => ({ 'X-Staff-Key': candidate }) });
    try {
      await probe.staff.stats.query();
      saveStaffKey(candidate);
    } catch (failure) {
      const info = readAppError(failure);
      setError(info.code === 'forbidden' ? 'That staff key was not accepted.' : info.message);
      setIsChecking(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        id="staff-key"
        label="Staff key"
        type="password"
        autoComplete="current-password"
        required
        value={key}
        onValueChange={setKey}
      />
      <button type="submit" className="button button--block" disabled={isChecking}>
        {isChecking ? 'Checking…' : 'Sign in'}
      </button>
    </form>
  );
};

export const StaffSignInPage = ({ wasRejected }: { wasRejected: boolean }) => {
  useDocumentTitle('Staff sign-in');

  return (
    <section className="card auth-card" aria-labelledby="staff-sign-in-title">
      <div className="auth-card__icon">
        <Icon name="lock" />
      </div>
      <h1 id="staff-sign-in-title" className="auth-card__title">
        Staff console
      </h1>
      <p className="muted">Staff members sign in with their email: we send a link that opens an 8-hour session.</p>
      <EmailSignIn />
      <div className="auth-card__alternative">
        <h2 className="auth-card__subtitle">Or use the shared staff key</h2>
        <p className="muted">The key is kept only for this browser session; its changes are recorded as “API key”.</p>
        <KeySignIn wasRejected={wasRejected} />
      </div>
    </section>
  );
};
