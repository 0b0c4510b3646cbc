import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../../single-line.ts';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from './credentials.ts';

const email = z.string().trim().min(1, 'email is required').max(MAX_EMAIL_LENGTH);
const password = z.string().min(1, 'password is required').max(MAX_PASSWORD_LENGTH);

export const loginInput = z.strictObject({ email, password });

export const registerInput = z.strictObject({
  email,
  password,
  display_name: z.string().trim().max(200).refine(isSingleLine, SINGLE_LINE_MESSAGE).optional(),
  tenant: z
    .string()
    .trim()
    .toLowerCase()
    .max(63)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'tenant must be a tenant slug')
    .optional(),
});
