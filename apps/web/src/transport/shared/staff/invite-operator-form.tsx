import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { inviteOperatorInput } from '@switchyard/domain/transport/staff/schemas';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { transportTrpc } from '../transport-client.ts';
import { afterStaffChange } from '../transport-invalidation.ts';

type Request = { tenant: string; email: string; display_name?: string };

/**
 * Invites operator staff into one tenant. The invitation mails a link and gives the account the
 * operator role in that tenant, so it asks first, naming both; the answer says where the mail went.
 */
export const InviteOperatorForm = ({ tenantId, tenantName }: { tenantId: string; tenantName: string }) => {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [pending, setPending] = useState<Request | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useFormSubmission((path) => path === 'email' || path === 'display_name');
  const invite = useMutation(transportTrpc.staff.inviteOperator.mutationOptions({ onSuccess: afterStaffChange }));

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const request: Request = { tenant: tenantId, email: email.trim(), ...(name.trim() ? { display_name: name.trim() } : {}) };
    const parsed = inviteOperatorInput.safeParse(request);
    if (parsed.success) {
      setPending(request);

      return;
    }
    // Shows the issues under the fields without sending anything.
    void form.submit(inviteOperatorInput, request, async () => {});
  };

  const confirm = () => {
    const request = pending;
    if (!request) {
      return;
    }
    void form.submit(inviteOperatorInput, request, async (checked) => {
      try {
        const answer = await invite.mutateAsync(checked);
        setSent(answer.email);
        setEmail('');
        setName('');
      } finally {
        setPending(null);
      }
    });
  };

  // The dialog is a sibling of the form, not inside it: its own form's submit would otherwise
  // bubble to this one and start the question again.
  return (
    <>
      <form className="form" onSubmit={ask} noValidate aria-label={`Invite operator staff to ${tenantName}`}>
        {sent ? (
          <FormAlert tone="success">
            Invitation sent to {sent}. They choose a password from the mail and then sign in to the operator console.
          </FormAlert>
        ) : null}
        {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
        <div className="form-grid">
          <TextField
            id={`invite-${tenantId}-email`}
            label="Email"
            type="email"
            autoComplete="off"
            required
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              form.clearError('email');
            }}
            error={form.errors.email}
          />
          <TextField
            id={`invite-${tenantId}-name`}
            label="Name"
            hint="Optional: how the console greets them."
            autoComplete="off"
            value={name}
            onValueChange={(value) => {
              setName(value);
              form.clearError('display_name');
            }}
            error={form.errors.display_name}
          />
        </div>
        <div className="form-actions">
          <SubmitButton label="Invite operator" busyLabel="Inviting…" isBusy={form.isBusy} />
        </div>
      </form>
      {pending ? (
        <ConfirmDialog
          title={`Invite ${pending.email} to ${tenantName}?`}
          confirmLabel="Send invitation"
          busyLabel="Sending…"
          isBusy={form.isBusy}
          tone="primary"
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>
            They get a mail with a link to choose a password. Once they have, they run {tenantName}&rsquo;s routes, registrations and
            billing as operator staff.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
};
