import { z } from 'zod';

/** What the transport identity paths answer; see claims/output-schemas.ts for why procedures declare them. */

export const sessionUserOutput = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  tenant_id: z.string().nullable(),
});

export const loginOutput = z.strictObject({ access_token: z.string(), token_type: z.literal('Bearer'), user: sessionUserOutput });

export const registerOutput = z.strictObject({
  access_token: z.string().nullable().describe('null when the provider asks to confirm the email first'),
  token_type: z.literal('Bearer'),
  user: sessionUserOutput,
  metadata_applied: z.boolean(),
});

export const recoverOutput = z.strictObject({ message: z.string().describe('The same whether or not the address has an account') });
