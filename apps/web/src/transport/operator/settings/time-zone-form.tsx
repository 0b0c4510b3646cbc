import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { timeZoneSettingsInput } from '@switchyard/domain/transport/tenants/schemas';
import { canonicalTimeZone } from '@switchyard/domain/transport/time-zone';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { clockTime } from '../../shared/live/eta-format.ts';
import { TimeZoneList } from '../../shared/time-zone-list.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterTimeZoneChange } from '../../shared/transport-invalidation.ts';

/**
 * The operator's time zone. Changing it moves every trip (07:15 is read on the new clock), so the
 * form asks once more before saving, saying what the change means.
 */
export const TimeZoneForm = ({ current }: { current: string }) => {
  const [zone, setZone] = useState(current);
  const [pending, setPending] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useFormSubmission((path) => path === 'time_zone');
  const update = useMutation(transportTrpc.tenants.updateTimeZoneSettings.mutationOptions({ onSuccess: afterTimeZoneChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    void form.submit(timeZoneSettingsInput, { time_zone: zone.trim() }, async () => {
      const canonical = canonicalTimeZone(zone.trim()) ?? zone.trim();
      if (canonical === current) {
        setSaved(current);

        return;
      }
      setPending(canonical);
    });
  };

  const confirm = async () => {
    if (!pending) {
      return;
    }
    try {
      const answer = await update.mutateAsync({ time_zone: pending });
      setZone(answer.time_zone);
      setSaved(answer.time_zone);
    } finally {
      setPending(null);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Time zone">
      {form.formError ? <FormAlert title="The time zone was not changed">{form.formError}</FormAlert> : null}
      {update.error ? <FormAlert title="The time zone was not changed">{update.error.message}</FormAlert> : null}
      {saved ? (
        <FormAlert tone="success">
          Stop times are read in {saved}. It is {clockTime(new Date().toISOString(), saved)} there now.
        </FormAlert>
      ) : null}
      <div className="form-grid">
        <TextField
          id="time_zone"
          label="Time zone"
          hint="An IANA zone name such as America/New_York; start typing to pick one."
          required
          list="time-zone-names"
          autoComplete="off"
          spellCheck={false}
          value={zone}
          onValueChange={(value) => {
            setZone(value);
            setPending(null);
            setSaved(null);
            form.clearError('time_zone');
          }}
          error={form.errors.time_zone}
        />
      </div>
      <TimeZoneList id="time-zone-names" />
      {pending ? (
        <div className="alert alert--info" role="group" aria-labelledby="time-zone-confirm">
          <p className="alert__title" id="time-zone-confirm">
            Change the time zone from {current} to {pending}?
          </p>
          <p>
            Every route's stop times are then read on {pending} clocks: a stop at 07:15 is due at 07:15 there. Today's trips, estimates and
            the families' rides move with it.
          </p>
          <div className="form-actions">
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={update.isPending}>
              {update.isPending ? 'Saving…' : `Use ${pending}`}
            </button>
            <button type="button" className="button" onClick={() => setPending(null)} disabled={update.isPending}>
              Keep {current}
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          <SubmitButton label="Save time zone" busyLabel="Saving…" isBusy={form.isBusy} />
        </div>
      )}
    </form>
  );
};
