import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { staffCorrectionInput, type StaffCorrectionInput } from '@switchyard/domain/claims/schemas';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { toFieldErrors, type FieldErrors } from '../../../shared/forms/field-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { invalidates } from '../../../shared/query/query-client.ts';
import { parseDollarsToCents } from '../../shared/parse-dollars.ts';
import { businessTypeOptions } from '../../shared/vocabulary-options.ts';
import { staffTrpc } from '../staff-client.ts';
import { CorrectionChanges, type Change } from './correction-changes.tsx';
import { correctionFieldLabel } from './correction-values.ts';
import type { StaffClaim } from './staff-claim-types.ts';

/** The form's text fields, keyed by the API's field paths. */
type Values = {
  amount: string;
  description: string;
  client_reference: string;
  invoice_date: string;
  'debtor.name': string;
  'debtor.business_type': string;
  'debtor.contact_email': string;
  'debtor.contact_phone': string;
  'debtor.physical_address': string;
};

/** Whole cents as the dollars a person types ("2500.00"), without a float in between. */
const centsAsDollars = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const valuesOf = (claim: StaffClaim): Values => ({
  amount: centsAsDollars(claim.amount_cents),
  description: claim.description ?? '',
  client_reference: claim.client_reference ?? '',
  invoice_date: claim.invoice_date ?? '',
  'debtor.name': claim.debtor.name,
  'debtor.business_type': claim.debtor.business_type,
  'debtor.contact_email': claim.debtor.contact_email ?? '',
  'debtor.contact_phone': claim.debtor.contact_phone ?? '',
  'debtor.physical_address': claim.debtor.physical_address ?? '',
});

/** The fields kept as typed; the amount is typed in dollars and sent in cents. */
type TextFieldName = Exclude<keyof Values, 'amount'>;

const issuesOf = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/**
 * What the form asks the server to change: only the fields edited, so the audit row holds real
 * changes. A field emptied is sent empty, which the API reads as clearing it.
 */
const buildRequest = (claim: StaffClaim, initial: Values, values: Values, reason: string) => {
  const amount =
    values.amount.trim() === initial.amount ? ({ ok: true, cents: claim.amount_cents } as const) : parseDollarsToCents(values.amount);
  if (!amount.ok) {
    return { ok: false as const, errors: { amount_cents: amount.message } };
  }
  const changed = (field: TextFieldName) => (values[field] === initial[field] ? undefined : values[field]);
  const debtor = {
    name: changed('debtor.name'),
    business_type: changed('debtor.business_type'),
    contact_email: changed('debtor.contact_email'),
    contact_phone: changed('debtor.contact_phone'),
    physical_address: changed('debtor.physical_address'),
  };
  const check = staffCorrectionInput.safeParse({
    claim_number: claim.claim_number,
    amount_cents: amount.cents === claim.amount_cents ? undefined : amount.cents,
    description: changed('description'),
    client_reference: changed('client_reference'),
    invoice_date: changed('invoice_date'),
    debtor: Object.values(debtor).some((value) => value !== undefined) ? debtor : undefined,
    reason,
  });
  if (!check.success) {
    return { ok: false as const, errors: toFieldErrors(issuesOf(check.error)) };
  }

  return { ok: true as const, request: check.data };
};

/** Each field the request changes, before and after, as the claim and the request hold them. */
const changesOf = (claim: StaffClaim, request: StaffCorrectionInput): Change[] => {
  const pairs: [string, string | number | null, string | number | null | undefined][] = [
    ['amount_cents', claim.amount_cents, request.amount_cents],
    ['description', claim.description, request.description],
    ['client_reference', claim.client_reference, request.client_reference],
    ['invoice_date', claim.invoice_date, request.invoice_date],
    ['debtor.name', claim.debtor.name, request.debtor?.name],
    ['debtor.business_type', claim.debtor.business_type, request.debtor?.business_type],
    ['debtor.contact_email', claim.debtor.contact_email, request.debtor?.contact_email],
    ['debtor.contact_phone', claim.debtor.contact_phone, request.debtor?.contact_phone],
    ['debtor.physical_address', claim.debtor.physical_address, request.debtor?.physical_address],
  ];

  return pairs.flatMap(([field, before, after]) => (after === undefined || after === before ? [] : [{ field, before, after }]));
};

const Form = ({ claim, onDone }: { claim: StaffClaim; onDone: (message: string | null) => void }) => {
  const [initial] = useState(() => valuesOf(claim));
  const [values, setValues] = useState(initial);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [review, setReview] = useState<{ request: StaffCorrectionInput; changes: Change[] } | null>(null);
  const correct = useMutation(staffTrpc.staff.correct.mutationOptions({ onSuccess: invalidates(staffTrpc.staff.pathFilter()) }));

  const edit = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field === 'amount' ? 'amount_cents' : field]: _fixed, ...others }) => others);
  };

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const built = buildRequest(claim, initial, values, reason);
    if (!built.ok) {
      const { '': whole, ...byField } = built.errors;
      setErrors(byField);
      // The one refusal without a field: nothing was edited.
      setFormError(whole ? 'Change at least one detail before reviewing.' : 'Some details need fixing; see the fields marked below.');

      return;
    }
    const changes = changesOf(claim, built.request);
    if (changes.length === 0) {
      setFormError('Change at least one detail before reviewing.');

      return;
    }
    setErrors({});
    setReview({ request: built.request, changes });
  };

  const save = async () => {
    if (!review) {
      return;
    }
    try {
      await correct.mutateAsync(review.request);
      onDone(`Corrected: ${review.changes.map((change) => correctionFieldLabel(change.field).toLowerCase()).join(', ')}.`);
    } catch (error) {
      const info = readAppError(error);
      setErrors(toFieldErrors(info.issues));
      setFormError(info.message);
      setReview(null);
    }
  };

  if (review) {
    return (
      <div className="form" role="group" aria-labelledby="correct-review-title">
        <h3 id="correct-review-title" className="correct-details__title">
          Review changes
        </h3>
        <CorrectionChanges changes={review.changes} />
        <p className="correct-details__reason">
          <strong>Reason:</strong> {review.request.reason}
        </p>
        <div className="form-actions">
          <button type="button" className="button button--primary" disabled={correct.isPending} onClick={() => void save()}>
            {correct.isPending ? 'Saving…' : 'Save correction'}
          </button>
          <button type="button" className="button" disabled={correct.isPending} onClick={() => setReview(null)}>
            Back to editing
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={toReview} noValidate aria-label="Correct details">
      <h3 className="correct-details__title">Correct details</h3>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        id="correct-amount"
        label="Amount (USD)"
        inputMode="decimal"
        value={values.amount}
        onValueChange={edit('amount')}
        error={errors.amount_cents}
        required
      />
      <TextField
        id="correct-invoice-date"
        label="Invoice date"
        type="date"
        value={values.invoice_date}
        onValueChange={edit('invoice_date')}
        error={errors.invoice_date}
      />
      <TextField
        id="correct-client-reference"
        label="Client reference"
        maxLength={LIMITS.clientReference}
        value={values.client_reference}
        onValueChange={edit('client_reference')}
        error={errors.client_reference}
      />
      <TextAreaField
        id="correct-description"
        label="Description"
        rows={3}
        maxLength={LIMITS.description}
        value={values.description}
        onValueChange={edit('description')}
        error={errors.description}
      />
      <TextField
        id="correct-debtor-name"
        label="Debtor name"
        maxLength={LIMITS.name}
        value={values['debtor.name']}
        onValueChange={edit('debtor.name')}
        error={errors['debtor.name']}
        required
      />
      <SelectField
        id="correct-debtor-type"
        label="Debtor type"
        value={values['debtor.business_type']}
        options={businessTypeOptions}
        onValueChange={edit('debtor.business_type')}
        error={errors['debtor.business_type']}
      />
      <TextField
        id="correct-debtor-email"
        label="Debtor email"
        type="email"
        maxLength={LIMITS.email}
        value={values['debtor.contact_email']}
        onValueChange={edit('debtor.contact_email')}
        error={errors['debtor.contact_email']}
      />
      <TextField
        id="correct-debtor-phone"
        label="Debtor phone"
        type="tel"
        maxLength={LIMITS.phone}
        value={values['debtor.contact_phone']}
        onValueChange={edit('debtor.contact_phone')}
        error={errors['debtor.contact_phone']}
      />
      <TextField
        id="correct-debtor-address"
        label="Debtor address"
        maxLength={LIMITS.address}
        value={values['debtor.physical_address']}
        onValueChange={edit('debtor.physical_address')}
        error={errors['debtor.physical_address']}
      />
      <TextAreaField
        id="correct-reason"
        label="Reason for the correction"
        hint="Recorded in the audit trail with the old and new values; not shown to the client."
        rows={2}
        maxLength={LIMITS.reason}
        value={reason}
        onValueChange={(value) => {
          setReason(value);
          setErrors(({ reason: _fixed, ...others }) => others);
        }}
        error={errors.reason}
        required
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          Review changes
        </button>
        <button type="button" className="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
};

/**
 * "Correct details" on the staff claim page: the form opens prefilled with the claim as stored,
 * and a review of each change comes before anything is saved.
 */
export const CorrectDetails = ({ claim }: { claim: StaffClaim }) => {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section className="card correct-details" aria-label="Correct details">
      {saved && !open ? <FormAlert tone="success">{saved}</FormAlert> : null}
      {open ? (
        <Form
          claim={claim}
          onDone={(message) => {
            setSaved(message);
            setOpen(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--block"
          onClick={() => {
            setSaved(null);
            setOpen(true);
          }}
        >
          Correct details
        </button>
      )}
    </section>
  );
};
