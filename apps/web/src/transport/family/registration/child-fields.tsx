import { SelectField, type SelectOption } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import type { FieldErrors } from '../../../shared/forms/field-errors.ts';
import type { ChildValues } from './registration-values.ts';

const NEEDS: readonly SelectOption[] = [
  { value: 'both', label: 'Both ways (morning and afternoon)' },
  { value: 'morning', label: 'Mornings only' },
  { value: 'afternoon', label: 'Afternoons only' },
];

type ChildFieldsProps = {
  index: number;
  child: ChildValues;
  schools: readonly SelectOption[];
  errors: FieldErrors;
  onChange: (child: ChildValues, path: string) => void;
  onRemove?: (() => void) | undefined;
};

export const ChildFields = ({ index, child, schools, errors, onChange, onRemove }: ChildFieldsProps) => {
  const path = (field: string) => `children.${index}.${field}`;

  return (
    <fieldset className="repeat-block">
      <legend className="repeat-block__title">Child {index + 1}</legend>
      <div className="form-grid">
        <TextField
          id={path('name')}
          label="Child's name"
          required
          value={child.name}
          onValueChange={(name) => onChange({ ...child, name }, path('name'))}
          error={errors[path('name')]}
        />
        <TextField
          id={path('grade')}
          label="Grade"
          value={child.grade}
          onValueChange={(grade) => onChange({ ...child, grade }, path('grade'))}
          error={errors[path('grade')]}
        />
        <SelectField
          id={path('school_id')}
          label="School"
          value={child.school_id}
          options={[{ value: '', label: 'Choose a school' }, ...schools]}
          onValueChange={(school_id) => onChange({ ...child, school_id }, path('school_id'))}
          error={errors[path('school_id')] ?? errors[path('school')]}
        />
        <SelectField
          id={path('transport_need')}
          label="Rides"
          value={child.transport_need}
          options={NEEDS}
          onValueChange={(need) => onChange({ ...child, transport_need: need as ChildValues['transport_need'] }, path('transport_need'))}
          error={errors[path('transport_need')]}
        />
      </div>
      {onRemove ? (
        <button type="button" className="button button--small button--link" onClick={onRemove}>
          Remove child {index + 1}
        </button>
      ) : null}
    </fieldset>
  );
};
