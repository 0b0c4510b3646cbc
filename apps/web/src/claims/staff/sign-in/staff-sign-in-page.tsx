import { useState, type FormEvent } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { createClaimsClient } from '../../shared/claims-client.ts';
import { saveStaffKey } from '../staff-key.ts';

export const StaffSignInPage = ({ wasRejected }: { wasRejected: boolean }) => {
  useDocumentTitle('Staff sign-in');
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(wasRejected ? 'The staff key was not accepted. Sign in again.' : null);
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
    <section className="card auth-card" aria-labelledby="staff-sign-in-title">
      <div className="auth-card__icon">
        <Icon name="lock" />
      </div>
      <h1 id="staff-sign-in-title" className="auth-card__title">
        Staff console
      </h1>
      <p className="muted">Enter the staff key. It is kept only for this browser session.</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="staff-key"
          label="Staff key"
          type="password"
          autoComplete="current-password"
          required
          value={key}
          onValueChange={setKey}
        />
        <button type="submit" className="button button--primary button--block" disabled={isChecking}>
          {isChecking ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
};
