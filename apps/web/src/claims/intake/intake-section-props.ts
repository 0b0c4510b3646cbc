import type { FieldErrors } from '../../shared/forms/field-errors.ts';
import type { IntakeTextField, IntakeValues } from './intake-values.ts';

export type IntakeSectionProps = {
  values: IntakeValues;
  errors: FieldErrors;
  onChange: (field: IntakeTextField, value: string) => void;
};
