import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { assumeIdentityInput } from '@switchyard/domain/transport/tenants/schemas';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { impersonation } from '../../shared/session/impersonation.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterTenantsChange } from '../../shared/transport-invalidation.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';

/** Starts a 15-minute session acting as one of the tenant's staff; the server audits it. */
export const AssumeIdentityForm = ({ tenantId, tenantName }: { tenantId: string; tenantName: string }) => {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('operator');
  const form = useFormSubmission((path) => path === 'user_email' || path === 'target_role');
  const assume = useMutation(transportTrpc.tenants.assumeIdentity.mutationOptions({ onSuccess: afterTenantsChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      assumeIdentityInput,
      { tenant_id: tenantId, user_email: email.trim() || null, target_role: role.trim() || undefined },
      async (request) => {
        const answer = await assume.mutateAsync(request);
        impersonation.save({ token: answer.token, tenant_id: tenantId, expires_at: answer.expires_at, banner: answer.banner });
        navigate(transportPaths.acting);
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={`Act as staff of ${tenantName}`}>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <div className="form-grid">
        <TextField
          id={`act-${tenantId}-email`}
          label="Staff email"
          type="email"
          hint="Optional: whose view you need."
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            form.clearError('user_email');
          }}
          error={form.errors.user_email}
        />
        <TextField
          id={`act-${tenantId}-role`}
          label="Role"
          value={role}
          onValueChange={(value) => {
            setRole(value);
            form.clearError('target_role');
          }}
          error={form.errors.target_role}
        />
      </div>
      <SubmitButton label={`Act as ${role.trim() || 'operator'}`} busyLabel="Starting…" isBusy={form.isBusy} />
    </form>
  );
};
