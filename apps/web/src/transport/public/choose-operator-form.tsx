import { useState, type FormEvent } from 'react';
import { tenantSlug } from '@switchyard/domain/transport/tenants/schemas';
import { readAppError } from '../../shared/api/read-app-error.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { rememberOperator } from './remember-operator.ts';

/**
 * The API offers no public list of operators (that list is for platform administrators), so a
 * family types the code its operator gave it; the operator's name confirms the choice.
 */
export const ChooseOperatorForm = () => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = tenantSlug.safeParse(code);
    if (!parsed.success) {
      setError(code.trim() === '' ? 'is required' : (parsed.error.issues[0]?.message ?? 'is not valid'));

      return;
    }
    setIsBusy(true);
    setError(undefined);
    setFormError(null);
    try {
      await rememberOperator(parsed.data);
    } catch (failure) {
      const info = readAppError(failure);
      if (info.code === 'not_found') {
        setError('No transport operator uses this code. Check the code in your operator’s letter or email');
      } else {
        setFormError(info.message);
      }
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section className="card choose-operator" aria-labelledby="choose-operator-title">
      <h2 id="choose-operator-title" className="card__title">
        Find your school transport operator
      </h2>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form className="choose-operator__form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="operator-code"
          label="Operator code"
          hint="A short code such as “demo”, from your operator’s letter or website."
          autoCapitalize="none"
          autoComplete="off"
          required
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          error={error}
        />
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {isBusy ? 'Looking up…' : 'Continue'}
        </button>
      </form>
    </section>
  );
};
