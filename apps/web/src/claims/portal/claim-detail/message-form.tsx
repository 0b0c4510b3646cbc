import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { messageInput } from '@switchyard/domain/claims/schemas';
import { MESSAGE_SUBJECTS } from '@switchyard/domain/claims/vocabulary';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { toFieldErrors, type FieldErrors } from '../../../shared/forms/field-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { subjectOptions } from '../../shared/vocabulary-options.ts';
import { invalidates } from '../../../shared/query/query-client.ts';
import { portalTrpc } from '../portal-client.ts';

/** The message shows in the timeline once the client's claims are refetched. */
export const MessageForm = ({ claimNumber }: { claimNumber: string }) => {
  const [subject, setSubject] = useState<string>(MESSAGE_SUBJECTS[0]);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const sendMessage = useMutation(
    portalTrpc.claims.sendMessage.mutationOptions({ onSuccess: invalidates(portalTrpc.claims.pathFilter()) }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const check = messageInput.safeParse({ claim_number: claimNumber, subject, content });
    if (!check.success) {
      setErrors(toFieldErrors(check.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));

      return;
    }
    setFormError(null);
    try {
      await sendMessage.mutateAsync(check.data);
      setContent('');
      setErrors({});
      setSent(true);
    } catch (error) {
      const info = readAppError(error);
      setErrors(toFieldErrors(info.issues));
      setFormError(info.issues.length > 0 ? null : info.message);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Message the team">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {sent ? <FormAlert tone="success">Your message was sent. We usually reply within one business day.</FormAlert> : null}
      <SelectField
        id="message-subject"
        label="Subject"
        value={subject}
        options={subjectOptions}
        onValueChange={setSubject}
        error={errors.subject}
      />
      <TextAreaField
        id="message-content"
        label="Message"
        required
        rows={4}
        maxLength={LIMITS.noteContent}
        value={content}
        onValueChange={(value) => {
          setContent(value);
          setErrors({});
        }}
        error={errors.content}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={sendMessage.isPending}>
          {sendMessage.isPending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
};
