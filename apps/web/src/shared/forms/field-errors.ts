import type { FieldIssue } from '../api/http-error.ts';

export type FieldErrors = Record<string, string>;

/** The first message per field path (`client.email`), the way forms show them. */
export const toFieldErrors = (issues: readonly FieldIssue[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    errors[issue.path] ??= issue.message;
  }

  return errors;
};

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Schema messages read "must be …" or "is required"; beside a field they read better with the
 * field's name in front. Other lowercase messages only need a capital letter.
 */
export const describeFieldError = (label: string, message: string): string => {
  if (/^(must|is|should|cannot)\b/.test(message)) {
    return sentence(`${label} ${message}`);
  }

  return sentence(`${message.charAt(0).toUpperCase()}${message.slice(1)}`);
};
