import { LIMITS } from '@switchyard/domain/claims/limits';
import { TextField } from '../../shared/forms/text-field.tsx';
import type { IntakeSectionProps } from './intake-section-props.ts';

export const ClientSection = ({ values, errors, onChange }: IntakeSectionProps) => (
  <fieldset className="form-section">
    <legend className="form-section__title">Your company</legend>
    <p className="form-section__intro">Who is owed the money. We use this email to send you sign-in links.</p>
    <div className="form-grid">
      <TextField
        id="client.company_name"
        label="Company name"
        required
        maxLength={LIMITS.name}
        autoComplete="organization"
        value={values['client.company_name']}
        onValueChange={(value) => onChange('client.company_name', value)}
        error={errors['client.company_name']}
      />
      <TextField
        id="client.contact_name"
        label="Your name"
        required
        maxLength={LIMITS.name}
        autoComplete="name"
        value={values['client.contact_name']}
        onValueChange={(value) => onChange('client.contact_name', value)}
        error={errors['client.contact_name']}
      />
      <TextField
        id="client.email"
        label="Email"
        type="email"
        required
        maxLength={LIMITS.email}
        autoComplete="email"
        value={values['client.email']}
        onValueChange={(value) => onChange('client.email', value)}
        error={errors['client.email']}
      />
      <TextField
        id="client.phone"
        label="Phone"
        type="tel"
        maxLength={LIMITS.phone}
        autoComplete="tel"
        value={values['client.phone']}
        onValueChange={(value) => onChange('client.phone', value)}
        error={errors['client.phone']}
      />
    </div>
  </fieldset>
);
