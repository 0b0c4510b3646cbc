import type { ReactNode } from 'react';
import { describeFieldError } from './field-errors.ts';

type CheckboxFieldProps = {
  id: string;
  label: ReactNode;
  /** Used to phrase the error message. */
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | undefined;
};

export const CheckboxField = ({ id, label, name, checked, onCheckedChange, error }: CheckboxFieldProps) => {
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div className={error ? 'field field--check field--invalid' : 'field field--check'}>
      <input
        id={id}
        name={id}
        type="checkbox"
        className="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {describeFieldError(name, error)}
        </p>
      ) : null}
    </div>
  );
};
