import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fullRegistrationInput, LIMITS } from '@switchyard/domain/transport/billing/schemas';
import { CheckboxField } from '../../../shared/forms/checkbox-field.tsx';
import { QueryError } from '../../../shared/ui/query-view.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { operatorChoice } from '../../shared/session/operator-choice.ts';
import { transportSession } from '../../shared/session/transport-session.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterBillingChange } from '../../shared/transport-invalidation.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { ChildFields } from './child-fields.tsx';
import { RunningTotal } from './running-total.tsx';
import { emptyChild, emptyRegistration, POLICIES, toRegistrationRequest, type RegistrationValues } from './registration-values.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';

type Section = 'parent' | 'parent2' | 'contact';

/** Every path the form shows a field for; other issues go to the alert at the top. */
const isShown = (path: string) =>
  /^(parent|parent2)\.(name|email|phone|relationship|address)$/.test(path) ||
  /^children\.\d+\.(name|grade|school_id|school|transport_need)$/.test(path) ||
  /^emergency_contacts\.0\.(name|phone|relationship)$/.test(path) ||
  path === 'first_pickup_date' ||
  path === 'policy_acknowledged';

export const RegistrationPage = ({ email }: { email: string }) => {
  useDocumentTitle('Register your children');
  const session = transportSession.use();
  const operator = operatorChoice.use();
  const tenant = session?.user.tenant_id ?? operator?.slug ?? 'demo';
  const [values, setValues] = useState<RegistrationValues>(() => emptyRegistration(email));
  const form = useFormSubmission(isShown);
  const schools = useQuery(transportTrpc.operations.listPublicSchools.queryOptions({ tenant }));
  const schoolList = schools.data?.schools ?? [];
  // The new household shows on the family's page, and in the operator's lists in the same browser.
  const submitRegistration = useMutation(transportTrpc.billing.submitFullRegistration.mutationOptions({ onSuccess: afterBillingChange }));
  const schoolOptions = schoolList.map((school) => ({ value: school.id, label: school.name }));

  const setField = (
    section: Section,
    field: string,
    value: string,
    path = `${section === 'contact' ? 'emergency_contacts.0' : section}.${field}`,
  ) => {
    setValues((current) => ({ ...current, [section]: { ...current[section], [field]: value } }));
    form.clearError(path);
  };

  const firstUnticked = POLICIES.find((policy) => !values.policies[policy.slug])?.slug;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = toRegistrationRequest(values, tenant, (id) => schoolList.find((school) => school.id === id)?.name);
    void form.submit(
      fullRegistrationInput,
      request,
      async (checked) => {
        await submitRegistration.mutateAsync(checked);
        navigate(`${transportPaths.family}?registered=1`);
      },
      firstUnticked ? [{ path: 'policy_acknowledged', message: 'Please tick every statement to continue' }] : [],
    );
  };

  const text = (
    section: Section,
    field: string,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) => {
    const path = `${section === 'contact' ? 'emergency_contacts.0' : section}.${field}`;
    const group = values[section] as Record<string, string>;

    return (
      <TextField
        id={path}
        label={label}
        required={options.required}
        type={options.type}
        autoComplete={options.autoComplete}
        value={group[field] ?? ''}
        onValueChange={(value) => setField(section, field, value)}
        error={form.errors[path]}
      />
    );
  };

  return (
    <>
      <PageHeader
        eyebrow={operator?.name ?? 'School transport'}
        title="Register your children"
        lead="Tell us about your household and the children who will ride. The operator reviews your registration; the registration fee is due once it is approved."
      />
      <form className="card form" onSubmit={submit} noValidate>
        {form.formError ? <FormAlert title="Your registration was not sent">{form.formError}</FormAlert> : null}
        <fieldset className="form-section">
          <legend className="form-section__title">You</legend>
          <p className="form-section__intro">You are the household’s main contact and pay its invoices unless you add a second payer.</p>
          <div className="form-grid">
            {text('parent', 'name', 'Your full name', { required: true, autoComplete: 'name' })}
            {text('parent', 'email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
            {text('parent', 'phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            {text('parent', 'relationship', 'Relationship to the children')}
            <div className="form-grid__wide">{text('parent', 'address', 'Home address', { autoComplete: 'street-address' })}</div>
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Second parent or payer</legend>
          <CheckboxField
            id="with-second-parent"
            name="Second parent"
            label="Add a second parent; they can share the invoices."
            checked={values.withSecondParent}
            onCheckedChange={(checked) => setValues((current) => ({ ...current, withSecondParent: checked }))}
          />
          {values.withSecondParent ? (
            <div className="form-grid form-grid--spaced">
              {text('parent2', 'name', 'Their full name', { required: true })}
              {text('parent2', 'email', 'Their email', { type: 'email' })}
              {text('parent2', 'phone', 'Their phone', { type: 'tel' })}
              {text('parent2', 'relationship', 'Relationship to the children')}
            </div>
          ) : null}
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Children</legend>
          <p className="form-section__intro">Mornings or afternoons only is a one-way trip; both ways is a two-way trip.</p>
          {schools.isError && schoolList.length === 0 ? (
            <QueryError query={schools} title="The list of schools could not be loaded" />
          ) : null}
          <div className="repeat-list">
            {values.children.map((child, index) => (
              <ChildFields
                key={index}
                index={index}
                child={child}
                schools={schoolOptions}
                errors={form.errors}
                onChange={(next, path) => {
                  setValues((current) => ({ ...current, children: current.children.map((old, at) => (at === index ? next : old)) }));
                  form.clearError(path);
                }}
                onRemove={
                  values.children.length > 1
                    ? () => setValues((current) => ({ ...current, children: current.children.filter((_, at) => at !== index) }))
                    : undefined
                }
              />
            ))}
          </div>
          {values.children.length < LIMITS.children ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => setValues((current) => ({ ...current, children: [...current.children, emptyChild()] }))}
            >
              Add another child
            </button>
          ) : null}
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Emergency contact</legend>
          <div className="form-grid">
            {text('contact', 'name', 'Contact name')}
            {text('contact', 'phone', 'Contact phone', { type: 'tel' })}
            {text('contact', 'relationship', 'Relationship')}
          </div>
        </fieldset>
        <fieldset className="form-section form-section--last">
          <legend className="form-section__title">Start and agreements</legend>
          <div className="form-grid">
            <TextField
              id="first_pickup_date"
              label="First pickup date"
              type="date"
              hint="Optional; the operator can set it later."
              value={values.first_pickup_date}
              onValueChange={(value) => {
                setValues((current) => ({ ...current, first_pickup_date: value }));
                form.clearError('first_pickup_date');
              }}
              error={form.errors.first_pickup_date}
            />
          </div>
          <div className="policy-list" id="policy_acknowledged">
            {POLICIES.map((policy) => (
              <CheckboxField
                key={policy.slug}
                id={`policy-${policy.slug}`}
                name="Agreement"
                label={policy.label}
                checked={values.policies[policy.slug] ?? false}
                onCheckedChange={(checked) => {
                  setValues((current) => ({ ...current, policies: { ...current.policies, [policy.slug]: checked } }));
                  form.clearError('policy_acknowledged');
                }}
                error={policy.slug === firstUnticked ? form.errors.policy_acknowledged : undefined}
              />
            ))}
          </div>
        </fieldset>
        <RunningTotal tenant={tenant} riders={values.children} firstPickupDate={values.first_pickup_date} />
        <div className="form-actions">
          <SubmitButton label="Send registration" busyLabel="Sending…" isBusy={form.isBusy} size="large" />
        </div>
      </form>
    </>
  );
};
