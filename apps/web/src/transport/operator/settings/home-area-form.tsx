import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { homeAreaInput } from '@switchyard/domain/transport/operations/home-area';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { AddressSearch } from '../../shared/map/address-search.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';

type Current = TransportOutputs['tenants']['getHomeAreaSettings']['home_area'];

/** A blank or non-number field goes to the check as NaN, which it names as that field's problem. */
const asNumber = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

/**
 * Where every map of the operator opens: a point and a zoom (3 a continent, 12 a town, 16 a few
 * streets), found by address or typed. Cleared, maps open on the middle of the stops again.
 */
export const HomeAreaForm = ({ current }: { current: Current }) => {
  const queryClient = useQueryClient();
  const [lat, setLat] = useState(current ? String(current.lat) : '');
  const [lng, setLng] = useState(current ? String(current.lng) : '');
  const [zoom, setZoom] = useState(String(current?.zoom ?? 12));
  const [saved, setSaved] = useState<string | null>(null);
  const form = useFormSubmission((path) => ['lat', 'lng', 'zoom'].includes(path));
  const update = useMutation(
    transportTrpc.tenants.updateHomeAreaSettings.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: transportTrpc.tenants.getHomeAreaSettings.queryKey() }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const request = { lat: asNumber(lat), lng: asNumber(lng), zoom: asNumber(zoom) };
    void form.submit(homeAreaInput, request, async () => {
      await update.mutateAsync({ home_area: homeAreaInput.parse(request) });
      setSaved('Maps open here now.');
    });
  };
  const clear = async () => {
    setSaved(null);
    const answer = await update.mutateAsync({ home_area: null });
    setLat('');
    setLng('');
    setSaved(
      answer.home_area
        ? 'Cleared: maps open on the middle of your stops.'
        : 'Cleared: maps open on the whole world until you place a stop.',
    );
  };
  const field = (id: 'lat' | 'lng' | 'zoom', label: string, value: string, set: (value: string) => void, hint?: string) => (
    <TextField
      id={`home-${id}`}
      label={label}
      hint={hint}
      inputMode="decimal"
      required
      value={value}
      onValueChange={(next) => {
        set(next);
        setSaved(null);
        form.clearError(id);
      }}
      error={form.errors[id]}
    />
  );

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Home area">
      {form.formError ? <FormAlert title="The home area was not saved">{form.formError}</FormAlert> : null}
      {update.error ? <FormAlert title="The home area was not saved">{update.error.message}</FormAlert> : null}
      {saved ? <FormAlert tone="success">{saved}</FormAlert> : null}
      <p className="muted">
        {current === null
          ? 'No home area yet: maps open on the whole world until you set one or place a stop.'
          : current.source === 'set'
            ? `Maps open at ${current.lat.toFixed(4)}, ${current.lng.toFixed(4)} (zoom ${current.zoom}).`
            : `Not set: maps open on the middle of your stops (${current.lat.toFixed(4)}, ${current.lng.toFixed(4)}).`}
      </p>
      <AddressSearch
        id="home-address-search"
        chooseLabel="Use this place"
        onChoose={(found) => {
          setLat(found.lat.toFixed(6));
          setLng(found.lng.toFixed(6));
          setSaved(null);
        }}
      />
      <div className="form-grid form-grid--four">
        {field('lat', 'Latitude', lat, setLat)}
        {field('lng', 'Longitude', lng, setLng)}
        {field('zoom', 'Zoom', zoom, setZoom, '3 (a continent) to 17 (a street)')}
      </div>
      <div className="form-actions">
        <SubmitButton label="Save home area" busyLabel="Saving…" isBusy={form.isBusy || update.isPending} />
        {current?.source === 'set' ? (
          <button type="button" className="button" onClick={() => void clear()} disabled={update.isPending}>
            Clear (use my stops)
          </button>
        ) : null}
      </div>
    </form>
  );
};
