import type { z } from 'zod';
import { CliError } from './cli-context.ts';

/** Checks command-line values with a schema; the first problem becomes the one `error:` line. */
export const parseCliInput = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> => {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.');
    throw new CliError(
      issue
        ? issue.code === 'custom' || !field || issue.message.startsWith(field)
          ? issue.message
          : `${field}: ${issue.message}`
        : 'invalid input',
    );
  }

  return result.data;
};
