import { LIMITS } from '@switchyard/domain/claims/limits';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { businessTypeOptions } from '../shared/vocabulary-options.ts';
import type { IntakeSectionProps } from './intake-section-props.ts';

export const DebtorSection = ({ values, errors, onChange }: IntakeSectionProps) => (
  <fieldset className="form-section">
    <legend className="form-section__title">The debtor</legend>
    <p className="form-section__intro">The business or person who owes you. Contact details help us reach them sooner.</p>
    <div className="form-grid">
      <TextField
        id="debtor.name"
        label="Debtor name"
        required
        maxLength={LIMITS.name}
        autoComplete="off"
        value={values['debtor.name']}
        onValueChange={(value) => onChange('debtor.name', value)}
        error={errors['debtor.name']}
      />
      <SelectField
        id="debtor.business_type"
        label="Type of business"
        value={values['debtor.business_type']}
        options={businessTypeOptions}
        onValueChange={(value) => onChange('debtor.business_type', value)}
        error={errors['debtor.business_type']}
      />
      <TextField
        id="debtor.contact_email"
        label="Debtor email"
        type="email"
        maxLength={LIMITS.email}
        autoComplete="off"
        value={values['debtor.contact_email']}
        onValueChange={(value) => onChange('debtor.contact_email', value)}
        error={errors['debtor.contact_email']}
      />
      <TextField
        id="debtor.contact_phone"
        label="Debtor phone"
        type="tel"
        maxLength={LIMITS.phone}
        autoComplete="off"
        value={values['debtor.contact_phone']}
        onValueChange={(value) => onChange('debtor.contact_phone', value)}
        error={errors['debtor.contact_phone']}
      />
      <div className="form-grid__wide">
        <TextField
          id="debtor.physical_address"
          label="Debtor address"
          hint="One line, e.g. 12 Main St, Springfield, IL 62701"
          maxLength={LIMITS.address}
          autoComplete="off"
          value={values['debtor.physical_address']}
          onValueChange={(value) => onChange('debtor.physical_address', value)}
          error={errors['debtor.physical_address']}
        />
      </div>
    </div>
  </fieldset>
);
