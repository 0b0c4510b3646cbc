import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createBusInput } from '@switchyard/domain/transport/operations/schemas';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { BusPositionFields } from './bus-position-fields.tsx';
import { EMPTY_POSITION, toPosition } from './bus-position-values.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';

const isShown = (path: string) => ['bus_id', 'lat', 'lng', 'heading', 'speed'].includes(path);

export const AddBusForm = () => {
  const [busId, setBusId] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [position, setPosition] = useState(EMPTY_POSITION);
  const form = useFormSubmission(isShown);
  const createBus = useMutation(transportTrpc.operations.createBus.mutationOptions({ onSuccess: afterOperationsChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    void form.submit(createBusInput, { bus_id: busId.trim(), ...toPosition(position) }, async (request) => {
      const bus = await createBus.mutateAsync(request);
      setBusId('');
      setPosition(EMPTY_POSITION);
      setAdded(bus.id);
    });
  };

  return (
    <section className="card" aria-labelledby="add-bus-title">
      <h2 id="add-bus-title" className="card__title">
        Add a bus
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        {form.formError ? <FormAlert title="The bus was not added">{form.formError}</FormAlert> : null}
        {added ? <FormAlert tone="success">Bus {added} was added.</FormAlert> : null}
        <div className="form-grid form-grid--five">
          <TextField
            id="bus_id"
            label="Bus id"
            required
            hint="As its tracker reports it, e.g. bus-7."
            value={busId}
            onValueChange={(value) => {
              setBusId(value);
              form.clearError('bus_id');
            }}
            error={form.errors.bus_id}
          />
          <BusPositionFields idPrefix="new-bus-" values={position} onValues={setPosition} form={form} />
        </div>
        <div className="form-actions">
          <SubmitButton label="Add bus" busyLabel="Adding…" isBusy={form.isBusy} />
        </div>
      </form>
    </section>
  );
};
