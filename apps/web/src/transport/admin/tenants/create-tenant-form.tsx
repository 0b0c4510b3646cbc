import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TENANT_TIERS } from '@switchyard/domain/transport/tenants/schemas';
import { createTenantInput } from '@switchyard/domain/transport/staff/schemas';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { browserTimeZone, TimeZoneList } from '../../shared/time-zone-list.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterStaffChange } from '../../shared/transport-invalidation.ts';

const TIER_LABELS: Record<(typeof TENANT_TIERS)[number], string> = { starter: 'Starter', standard: 'Standard', enterprise: 'Enterprise' };

/** A slug suggested from the name until the person edits the code themselves. */
const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);

/** Adds an operator (tenant) to the platform; `onCreated` hears its name, to invite its first staff. */
export const CreateTenantForm = ({ onCreated }: { onCreated: (tenant: { id: string; name: string }) => void }) => {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [tier, setTier] = useState<string>('starter');
  const [domain, setDomain] = useState('');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const form = useFormSubmission((path) => ['name', 'slug', 'tier', 'domain', 'time_zone'].includes(path));
  const create = useMutation(transportTrpc.staff.createTenant.mutationOptions({ onSuccess: afterStaffChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      slug: slug.trim(),
      name: name.trim(),
      tier: tier as (typeof TENANT_TIERS)[number],
      ...(domain.trim() ? { domain: domain.trim() } : {}),
      time_zone: timeZone.trim(),
    };
    void form.submit(createTenantInput, request, async (checked) => {
      const created = await create.mutateAsync(checked);
      onCreated({ id: created.id, name: created.name });
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create tenant">
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <div className="form-grid">
        <TextField
          id="tenant-name"
          label="Operator name"
          required
          value={name}
          onValueChange={(value) => {
            setName(value);
            form.clearError('name');
            if (!slugEdited) {
              setSlug(slugOf(value));
            }
          }}
          error={form.errors.name}
        />
        <TextField
          id="tenant-slug"
          label="Code"
          hint="Lower-case letters, digits and -; part of addresses, cannot change later."
          required
          value={slug}
          onValueChange={(value) => {
            setSlug(value);
            setSlugEdited(true);
            form.clearError('slug');
          }}
          error={form.errors.slug}
        />
        <SelectField
          id="tenant-tier"
          label="Plan"
          value={tier}
          options={TENANT_TIERS.map((value) => ({ value, label: TIER_LABELS[value] }))}
          onValueChange={setTier}
          error={form.errors.tier}
        />
        <TextField
          id="tenant-domain"
          label="Domain"
          hint="Optional: a host name that serves this operator, such as buses.example.com."
          value={domain}
          onValueChange={(value) => {
            setDomain(value);
            form.clearError('domain');
          }}
          error={form.errors.domain}
        />
        <TextField
          id="tenant-time-zone"
          label="Time zone"
          hint="Route stop times are clock times here, e.g. America/New_York."
          required
          list="tenant-time-zone-names"
          autoComplete="off"
          spellCheck={false}
          value={timeZone}
          onValueChange={(value) => {
            setTimeZone(value);
            form.clearError('time_zone');
          }}
          error={form.errors.time_zone}
        />
        <TimeZoneList id="tenant-time-zone-names" />
      </div>
      <div className="form-actions">
        <SubmitButton label="Create tenant" busyLabel="Creating…" isBusy={form.isBusy} />
      </div>
    </form>
  );
};
