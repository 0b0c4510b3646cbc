import { LIMITS } from '@switchyard/domain/claims/limits';
import { TextAreaField } from '../../shared/forms/text-area-field.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import type { IntakeSectionProps } from './intake-section-props.ts';

export const ClaimSection = ({ values, errors, onChange }: IntakeSectionProps) => (
  <fieldset className="form-section">
    <legend className="form-section__title">The claim</legend>
    <p className="form-section__intro">
      What is owed and why. Do not include Social Security numbers or bank account / card numbers anywhere.
    </p>
    <div className="form-grid">
      <TextField
        id="claim.amount_cents"
        label="Amount owed (USD)"
        required
        inputMode="decimal"
        placeholder="0.00"
        hint="In dollars, up to $1,000,000.00"
        value={values['claim.amount']}
        onValueChange={(value) => onChange('claim.amount', value)}
        error={errors['claim.amount_cents']}
      />
      <TextField
        id="claim.invoice_date"
        label="Invoice date"
        type="date"
        value={values['claim.invoice_date']}
        onValueChange={(value) => onChange('claim.invoice_date', value)}
        error={errors['claim.invoice_date']}
      />
      <TextField
        id="claim.client_reference"
        label="Your reference"
        hint="Your invoice or PO number"
        maxLength={LIMITS.clientReference}
        value={values['claim.client_reference']}
        onValueChange={(value) => onChange('claim.client_reference', value)}
        error={errors['claim.client_reference']}
      />
      <div className="form-grid__wide">
        <TextAreaField
          id="claim.description"
          label="What is the debt for?"
          rows={5}
          maxLength={LIMITS.description}
          hint={`${values['claim.description'].length} / ${LIMITS.description} characters`}
          value={values['claim.description']}
          onValueChange={(value) => onChange('claim.description', value)}
          error={errors['claim.description']}
        />
      </div>
    </div>
  </fieldset>
);
