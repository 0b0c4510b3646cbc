import type { InputHTMLAttributes } from 'react';
import { Field } from './field.tsx';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
};

export const TextField = ({ id, label, value, onValueChange, error, hint, required, ...input }: TextFieldProps) => (
  <Field id={id} label={label} error={error} hint={hint} required={required}>
    {(describedBy) => (
      <input
        id={id}
        name={id}
        className="input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={required}
        {...input}
      />
    )}
  </Field>
);
