import { Field } from './field.tsx';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
};

export const SelectField = ({ id, label, value, options, onValueChange, error, hint, required }: SelectFieldProps) => (
  <Field id={id} label={label} error={error} hint={hint} required={required}>
    {(describedBy) => (
      <select
        id={id}
        name={id}
        className="input input--select"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={required}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    )}
  </Field>
);
