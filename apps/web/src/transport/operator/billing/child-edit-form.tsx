import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { updateChildInput } from '@switchyard/domain/transport/billing/child-changes';
import { TRANSPORT_NEEDS } from '@switchyard/domain/transport/billing/rates';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { ConfirmChanges, ReviewActions } from './confirm-changes.tsx';
import { transportNeedLabel } from '../../shared/transport-need-label.ts';
import { transportTrpc, type TransportInputs, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterBillingChange, afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { ChildRidesFields, useChildRides, type RidesChoice } from './child-rides.tsx';

type Child = TransportOutputs['billing']['getHousehold']['children'][number];
type ChildRequest = TransportInputs['billing']['updateChild'];
type Values = { name: string; school_id: string; grade: string; transport_need: string };

const FIELD_LABELS: Record<keyof Values, string> = { name: 'Name', school_id: 'School', grade: 'Grade', transport_need: 'Rides' };
const isShown = (path: string) => path in FIELD_LABELS;

const toValues = (child: Child): Values => ({
  name: child.name,
  school_id: child.school_id ?? '',
  grade: child.grade ?? '',
  transport_need: child.transport_need,
});

/** Only the fields that differ from the record: a save never rewrites what the operator left alone. */
const changedRequest = (child: Child, values: Values): ChildRequest => {
  const before = toValues(child);
  const request: ChildRequest = { child_id: child.id };
  if (values.name.trim() !== before.name) request.name = values.name.trim();
  if (values.school_id !== before.school_id) request.school_id = values.school_id || null;
  if (values.grade.trim() !== before.grade) request.grade = values.grade.trim() || null;
  if (values.transport_need !== before.transport_need) request.transport_need = values.transport_need as (typeof TRANSPORT_NEEDS)[number];

  return request;
};

type ChildEditFormProps = { child: Child; onDone: (message: string | null) => void };

/**
 * Corrects a child's record (name, school, grade, transport need) and where it rides (a stop of a
 * morning and an afternoon run); every change is listed in a confirmation before it is saved.
 */
export const ChildEditForm = ({ child, onDone }: ChildEditFormProps) => {
  const schools = useQuery(transportTrpc.operations.listSchools.queryOptions());
  const rides = useChildRides(child.id);
  const [values, setValues] = useState(() => toValues(child));
  const [ridesChoice, setRidesChoice] = useState<RidesChoice>({});
  const [pending, setPending] = useState<{ request: ChildRequest; lines: string[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [overrideReason, setOverrideReason] = useState<string | null>(null);
  const form = useFormSubmission(isShown);
  const update = useMutation(transportTrpc.billing.updateChild.mutationOptions({ onSuccess: afterBillingChange }));
  const set = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };
  const schoolName = (id: string) => (id ? (schools.data?.find((school) => school.id === id)?.name ?? id) : 'none');
  const shown = (field: keyof Values, value: string) =>
    field === 'school_id' ? schoolName(value) : field === 'transport_need' ? transportNeedLabel(value) : value || 'none';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const request = changedRequest(child, values);
    const before = toValues(child);
    const lines = (Object.keys(FIELD_LABELS) as (keyof Values)[])
      .filter((field) => field in request)
      .map((field) => `${FIELD_LABELS[field]}: ${shown(field, before[field])} → ${shown(field, values[field].trim())}`);
    const rideLines = rides.describeChanges(ridesChoice);
    if (lines.length === 0 && rideLines.length === 0) {
      setFailure('Nothing was changed.');

      return;
    }
    // The schema checks only what is sent; with only a stop changed there is nothing to check.
    if (lines.length === 0) {
      setPending({ request, lines: rideLines });

      return;
    }
    void form.submit(updateChildInput, request, async () => {
      setPending({ request, lines: [...lines, ...rideLines] });
    });
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      if (Object.keys(pending.request).length > 1) {
        await update.mutateAsync(pending.request);
      }
      const moved = await rides.save(ridesChoice, overrideReason ?? undefined);
      if (moved.kind === 'refused') {
        setPending(null);
        setFailure(moved.message);
        if (moved.overridable) setOverrideReason('');

        return;
      }
      void afterOperationsChange();
      setPending(null);
      onDone(`${values.name.trim() || child.name}'s record was saved.`);
    } catch (error) {
      setPending(null);
      setFailure(readAppError(error).message);
    }
  };

  // The confirmation is a form of its own, so it sits beside this one, not inside it.
  return (
    <>
      <form className="form child-edit" onSubmit={submit} noValidate aria-label={`Edit ${child.name}`}>
        {form.formError ? <FormAlert title="The child was not saved">{form.formError}</FormAlert> : null}
        {failure ? <FormAlert title="Not saved">{failure}</FormAlert> : null}
        <div className="form-grid">
          <TextField
            id={`child-${child.id}-name`}
            label="Name"
            required
            value={values.name}
            onValueChange={(value) => set('name', value)}
            error={form.errors.name}
          />
          <SelectField
            id={`child-${child.id}-school`}
            label="School"
            value={values.school_id}
            options={[
              { value: '', label: 'No school' },
              ...(schools.data ?? []).map((school) => ({ value: school.id, label: school.name })),
            ]}
            onValueChange={(value) => set('school_id', value)}
            error={form.errors.school_id}
          />
          <TextField
            id={`child-${child.id}-grade`}
            label="Grade"
            value={values.grade}
            onValueChange={(value) => set('grade', value)}
            error={form.errors.grade}
          />
          <SelectField
            id={`child-${child.id}-need`}
            label="Rides"
            hint="A new choice is billed at this week's rate for it."
            value={values.transport_need}
            options={TRANSPORT_NEEDS.map((need) => ({ value: need, label: transportNeedLabel(need) }))}
            onValueChange={(value) => set('transport_need', value)}
            error={form.errors.transport_need}
          />
        </div>
        <ChildRidesFields idPrefix={`child-${child.id}-`} rides={rides} choice={ridesChoice} onChoice={setRidesChoice} />
        {overrideReason !== null ? (
          <TextField
            id={`child-${child.id}-override`}
            label="Reason to place anyway"
            hint="Saving again places the child with this reason, which is recorded and shown on the route."
            value={overrideReason}
            onValueChange={setOverrideReason}
          />
        ) : null}
        <ReviewActions isBusy={form.isBusy} onCancel={() => onDone(null)} />
      </form>
      {pending ? (
        <ConfirmChanges
          title={`Save ${child.name}'s changes?`}
          confirmLabel="Save changes"
          lines={pending.lines}
          isBusy={update.isPending || rides.isSaving}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
};
