import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { createSchoolInput } from '@switchyard/domain/transport/operations/schemas';
import { toSchoolRequest, type SchoolValues } from './school-values.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { AddressSearch } from '../../shared/map/address-search.tsx';

const FIELDS: { field: keyof SchoolValues; label: string; type?: string; required?: boolean }[] = [
  { field: 'name', label: 'School name', required: true },
  { field: 'address', label: 'Address' },
  { field: 'start_time', label: 'Day starts', type: 'time' },
  { field: 'end_time', label: 'Day ends', type: 'time' },
];

type SchoolFormProps = {
  idPrefix: string;
  initial: SchoolValues;
  submitLabel: string;
  onSave: (request: ReturnType<typeof toSchoolRequest>) => Promise<void>;
  onCancel?: () => void;
};

/** Adding and editing a school check the same fields (`createSchoolInput`); an edit sends them with the id. */
export const SchoolForm = ({ idPrefix, initial, submitLabel, onSave, onCancel }: SchoolFormProps) => {
  const [values, setValues] = useState(initial);
  const form = useFormSubmission((path) => FIELDS.some((entry) => entry.field === path));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = toSchoolRequest(values);
    void form.submit(createSchoolInput, request, async () => {
      await onSave(request);
      setValues(initial);
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {form.formError ? <FormAlert title="The school was not saved">{form.formError}</FormAlert> : null}
      <div className="form-grid form-grid--four">
        {FIELDS.map(({ field, label, type, required }) => (
          <TextField
            key={field}
            id={`${idPrefix}${field}`}
            label={label}
            type={type}
            required={required}
            value={values[field]}
            onValueChange={(value) => {
              setValues((current) => ({ ...current, [field]: value }));
              form.clearError(field);
            }}
            error={form.errors[field]}
          />
        ))}
      </div>
      <AddressSearch
        id={`${idPrefix}address-search`}
        chooseLabel="Use this address"
        onChoose={(found) => {
          setValues((current) => ({ ...current, address: found.label.slice(0, 500) }));
          form.clearError('address');
        }}
      />
      <div className="row-actions">
        <SubmitButton label={submitLabel} busyLabel="Saving…" isBusy={form.isBusy} />
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
};
