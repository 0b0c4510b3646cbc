import { useState } from 'react';
import type { z } from 'zod';
import type { FieldIssue } from '../api/http-error.ts';
import { readAppError } from '../api/read-app-error.ts';
import { toFieldErrors, type FieldErrors } from './field-errors.ts';
import { friendlySchemaMessage } from './friendly-schema-message.ts';

const CORRECT = 'Please correct the highlighted fields.';

/**
 * Submit with the server's own zod schema first, then send; the server's `validation_error`
 * issues come back through the same path, so each message lands under its field either way.
 * Issues on paths the form does not show (`isShown`) are listed in the form's alert.
 */
export const useFormSubmission = (isShown: (path: string) => boolean) => {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const showIssues = (issues: readonly FieldIssue[]) => {
    const next = toFieldErrors(issues.map((issue) => ({ path: issue.path, message: friendlySchemaMessage(issue.message) })));
    setErrors(next);
    const unplaced = Object.entries(next).filter(([path]) => !isShown(path));
    setFormError([CORRECT, ...unplaced.map(([path, text]) => (path ? `${path}: ${text}` : text))].join(' '));
    // After React has painted the error state.
    window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async <S extends z.ZodType>(
    schema: S,
    request: z.input<S>,
    send: (request: z.input<S>) => Promise<void>,
    extraIssues: FieldIssue[] = [],
  ) => {
    const parsed = schema.safeParse(request);
    const issues = [
      ...extraIssues,
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))),
    ];
    if (issues.length > 0) {
      showIssues(issues);

      return;
    }
    setIsBusy(true);
    setFormError(null);
    setErrors({});
    try {
      await send(request);
    } catch (error) {
      const info = readAppError(error);
      if (info.code === 'validation_error' && info.issues.length > 0) {
        showIssues(info.issues);
      } else {
        setFormError(info.message);
      }
    } finally {
      setIsBusy(false);
    }
  };

  const clearError = (path: string) => setErrors(({ [path]: _cleared, ...rest }) => rest);

  return { errors, formError, isBusy, submit, clearError, setFormError };
};
