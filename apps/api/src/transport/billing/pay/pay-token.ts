import { z } from 'zod';

/** A pay-page token as made (24 random bytes, base64url); anything else is 400 before any read. */
export const payTokenText = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'is not a pay link');
