import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { readAppError } from '../../shared/api/read-app-error.ts';
import { TERMS_PATH } from '../terms/terms-path.ts';
import { CheckboxField } from '../../shared/forms/checkbox-field.tsx';
import { toFieldErrors, type FieldErrors } from '../../shared/forms/field-errors.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { invalidates } from '../../shared/query/query-client.ts';
import { publicTrpc } from '../shared/public-client.ts';
import { ClaimSection } from './claim-section.tsx';
import { ClientSection } from './client-section.tsx';
import { DebtorSection } from './debtor-section.tsx';
import { checkIntake, EMPTY_INTAKE, type IntakeTextField, type IntakeValues } from './intake-values.ts';

export type IntakeReceipt = { claimNumber: string; message: string; email: string };

const FIELD_PATHS = new Set<string>([...Object.keys(EMPTY_INTAKE), 'claim.amount_cents']);

/** Moves keyboard focus to the first field that needs attention, in page order. */
const focusFirstError = (errors: FieldErrors) => {
  const first = [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')][0];
  if (first) {
    first.focus();
  } else if (Object.keys(errors).length > 0) {
    document.getElementById('intake-errors')?.focus();
  }
};

export const IntakeForm = ({ onSubmitted }: { onSubmitted: (receipt: IntakeReceipt) => void }) => {
  const [values, setValues] = useState<IntakeValues>(EMPTY_INTAKE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Query keys are the procedure path and input, whoever's client made them, so this reaches a
  // signed-in client's cached claims and the staff lists alike.
  const submitClaim = useMutation(
    publicTrpc.intake.submit.mutationOptions({ onSuccess: invalidates(publicTrpc.claims.pathFilter(), publicTrpc.staff.pathFilter()) }),
  );
  const isSending = submitClaim.isPending;

  const change = (field: IntakeTextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    const errorKey = field === 'claim.amount' ? 'claim.amount_cents' : field;
    setErrors(({ [errorKey]: _cleared, ...rest }) => rest);
  };

  const showErrors = (next: FieldErrors, message: string) => {
    setErrors(next);
    const unplaced = Object.entries(next).filter(([path]) => !FIELD_PATHS.has(path));
    setFormError([message, ...unplaced.map(([path, text]) => (path ? `${path}: ${text}` : text))].join(' '));
    // After React has painted the error state.
    window.requestAnimationFrame(() => focusFirstError(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkIntake(values);
    if (!check.ok) {
      showErrors(toFieldErrors(check.issues), 'Please correct the highlighted fields.');

      return;
    }
    setFormError(null);
    try {
      const answer = await submitClaim.mutateAsync(check.request);
      onSubmitted({
        claimNumber: answer.claim_number,
        message: answer.message,
        email: values['client.email'].trim().toLowerCase(),
      });
    } catch (error) {
      const info = readAppError(error);
      if (info.code === 'validation_error' && info.issues.length > 0) {
        showErrors(toFieldErrors(info.issues), 'Please correct the highlighted fields.');
      } else {
        setFormError(info.message);
      }
    }
  };

  return (
    <form
      className="card form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={formError ? 'intake-errors' : undefined}
    >
      {formError ? (
        <div id="intake-errors" tabIndex={-1}>
          <FormAlert title="Your claim was not sent">{formError}</FormAlert>
        </div>
      ) : null}
      <ClientSection values={values} errors={errors} onChange={change} />
      <DebtorSection values={values} errors={errors} onChange={change} />
      <ClaimSection values={values} errors={errors} onChange={change} />
      <div className="form-section form-section--last">
        <CheckboxField
          id="tos_accepted"
          name="Terms"
          label={
            <>
              {/* A new tab, so the half-filled form stays as it is. */}I confirm the information is accurate and I accept the{' '}
              <a href={TERMS_PATH} target="_blank" rel="noreferrer">
                terms of service
              </a>
              , including that Switchyard may contact the debtor on my behalf.
            </>
          }
          checked={values.tos_accepted}
          onCheckedChange={(checked) => {
            setValues((current) => ({ ...current, tos_accepted: checked }));
            setErrors(({ tos_accepted: _cleared, ...rest }) => rest);
          }}
          error={errors.tos_accepted}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary button--large" disabled={isSending}>
            {isSending ? 'Submitting…' : 'Submit claim'}
          </button>
        </div>
      </div>
    </form>
  );
};
