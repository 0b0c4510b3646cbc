import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { staffNoteInput } from '@switchyard/domain/claims/schemas';
import type { NoteVisibility } from '@switchyard/domain/claims/vocabulary';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { toFieldErrors, type FieldErrors } from '../../../shared/forms/field-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { invalidates } from '../../../shared/query/query-client.ts';
import { staffTrpc } from '../staff-client.ts';

const AUTHOR_KEY = 'switchyard.claims.staff-author';

/** The new note shows in the timeline, and the list's note count, once the claim is refetched. */
export const AddNoteForm = ({ claimNumber }: { claimNumber: string }) => {
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<NoteVisibility>('INTERNAL');
  const [author, setAuthor] = useState(() => window.sessionStorage.getItem(AUTHOR_KEY) ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const addNote = useMutation(staffTrpc.staff.addNote.mutationOptions({ onSuccess: invalidates(staffTrpc.staff.pathFilter()) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = staffNoteInput.safeParse({
      claim_number: claimNumber,
      content,
      visibility,
      author_name: author.trim() || undefined,
    });
    if (!check.success) {
      setErrors(toFieldErrors(check.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));

      return;
    }
    setFormError(null);
    try {
      await addNote.mutateAsync(check.data);
      window.sessionStorage.setItem(AUTHOR_KEY, author.trim());
      setContent('');
      setErrors({});
    } catch (error) {
      const info = readAppError(error);
      setErrors(toFieldErrors(info.issues));
      setFormError(info.issues.length > 0 ? null : info.message);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a note">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextAreaField
        id="note-content"
        label="Note"
        required
        rows={3}
        maxLength={LIMITS.noteContent}
        value={content}
        onValueChange={(value) => {
          setContent(value);
          setErrors({});
        }}
        error={errors.content}
      />
      <div className="form-row">
        <fieldset className="radio-group">
          <legend className="field__label">Who can see it</legend>
          <label className="radio">
            <input
              type="radio"
              name="note-visibility"
              value="INTERNAL"
              checked={visibility === 'INTERNAL'}
              onChange={() => setVisibility('INTERNAL')}
            />
            Internal (staff only)
          </label>
          <label className="radio">
            <input
              type="radio"
              name="note-visibility"
              value="SHARED"
              checked={visibility === 'SHARED'}
              onChange={() => setVisibility('SHARED')}
            />
            Shared with the client
          </label>
        </fieldset>
        <TextField
          id="note-author"
          label="Your name"
          hint="Shown as the note's author"
          maxLength={LIMITS.authorName}
          value={author}
          onValueChange={setAuthor}
          error={errors.author_name}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={addNote.isPending}>
          {addNote.isPending ? 'Adding…' : visibility === 'INTERNAL' ? 'Add internal note' : 'Add shared note'}
        </button>
      </div>
    </form>
  );
};
