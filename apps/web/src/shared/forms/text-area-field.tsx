import type { TextareaHTMLAttributes } from 'react';
import { Field } from './field.tsx';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
};

export const TextAreaField = ({ id, label, value, onValueChange, error, hint, required, rows = 4, ...area }: TextAreaFieldProps) => (
  <Field id={id} label={label} error={error} hint={hint} required={required}>
    {(describedBy) => (
      <textarea
        id={id}
        name={id}
        className="input input--area"
        rows={rows}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={required}
        {...area}
      />
    )}
  </Field>
);
