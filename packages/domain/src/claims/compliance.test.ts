import { describe, expect, it } from 'vitest';
import { containsSensitiveNumber } from './compliance.ts';

describe('containsSensitiveNumber', () => {
  it.each(['my ssn is 123-45-6789', '123456789', 'card 4111 1111 1111 1111', '4111-1111-1111-1111', '4111111111111111'])(
    'refuses %s',
    (text) => expect(containsSensitiveNumber(text)).toBe(true),
  );

  it.each(['Invoice INV-2024-0042 for $1,234.56', 'call 555-1234', 'PO 12345678', 'Suite 1200, 300 Main St'])(
    'accepts %s',
    (text) => expect(containsSensitiveNumber(text)).toBe(false),
  );
});
