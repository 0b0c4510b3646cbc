import type { ZodError } from 'zod';
import { DomainError } from '@switchyard/domain/errors';

/**
 * A schema refusal as a `validation_error`: one line naming the first problems for API callers,
 * and every issue by field path so a form can show each message under its field.
 */
export const domainErrorFromZod = (error: ZodError): DomainError => {
  const issues = error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  const message = issues
    .slice(0, 3)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ');

  return new DomainError('validation_error', message || 'The request is not valid.', { issues });
};
