import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { themeSettingsInput } from '@switchyard/domain/transport/tenants/theme-settings';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterTenantsChange } from '../../shared/transport-invalidation.ts';

/** The operator's colour and logo, shown to its families and staff from the next page load on. */
export const ThemeForm = ({ current }: { current: { primary_color: string | null; logo_url: string | null } }) => {
  const [color, setColor] = useState(current.primary_color ?? '');
  const [logo, setLogo] = useState(current.logo_url ?? '');
  const [saved, setSaved] = useState(false);
  const form = useFormSubmission((path) => path === 'primary_color' || path === 'logo_url');
  const update = useMutation(transportTrpc.tenants.updateThemeSettings.mutationOptions({ onSuccess: afterTenantsChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void form.submit(
      themeSettingsInput,
      { primary_color: color.trim() === '' ? null : color.trim(), logo_url: logo.trim() === '' ? null : logo.trim() },
      async (request) => {
        await update.mutateAsync(request);
        setSaved(true);
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Colour and logo">
      {form.formError ? <FormAlert title="The colour and logo were not saved">{form.formError}</FormAlert> : null}
      {saved ? <FormAlert tone="success">Saved. Pages opened from now on show them.</FormAlert> : null}
      <div className="form-grid">
        <TextField
          id="primary_color"
          label="Primary colour"
          hint="A colour such as #1d4ed8; empty for the standard blue."
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          value={color}
          onValueChange={(value) => {
            setColor(value);
            setSaved(false);
            form.clearError('primary_color');
          }}
          error={form.errors.primary_color}
        />
        <TextField
          id="logo_url"
          label="Logo address"
          hint="An https address of an image; empty for your name only."
          type="url"
          autoComplete="off"
          spellCheck={false}
          value={logo}
          onValueChange={(value) => {
            setLogo(value);
            setSaved(false);
            form.clearError('logo_url');
          }}
          error={form.errors.logo_url}
        />
      </div>
      <div className="form-actions">
        <SubmitButton label="Save colour and logo" busyLabel="Saving…" isBusy={form.isBusy} />
      </div>
    </form>
  );
};
