import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { friendlySchemaMessage } from './friendly-schema-message.ts';

const messageOf = (schema: z.ZodType, value: unknown): string => {
  const parsed = schema.safeParse(value);

  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? '');
};

describe('schema messages shown beside fields', () => {
  it("rewords zod's built-in messages", () => {
    expect(friendlySchemaMessage(messageOf(z.string().min(1), ''))).toBe('is required');
    expect(friendlySchemaMessage(messageOf(z.email(), 'nope'))).toBe('must be a valid email address');
    expect(friendlySchemaMessage(messageOf(z.number(), Number.NaN))).toBe('must be a number');
    expect(friendlySchemaMessage(messageOf(z.number().max(90), 91))).toBe('must be at most 90');
    expect(friendlySchemaMessage(messageOf(z.number().min(0), -1))).toBe('must be at least 0');
    expect(friendlySchemaMessage(messageOf(z.string().max(20), 'x'.repeat(21)))).toBe('must be at most 20 characters');
    expect(friendlySchemaMessage(messageOf(z.object({ name: z.string() }).shape.name, undefined))).toBe('is required');
  });

  it("keeps the schemas' own wording", () => {
    expect(friendlySchemaMessage('must be a time as HH:MM (24-hour)')).toBe('must be a time as HH:MM (24-hour)');
  });
});
