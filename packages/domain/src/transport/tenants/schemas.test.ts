import { describe, expect, it } from 'vitest';
import { assumeIdentityInput, auditLogInput, logActionInput } from './schemas.ts';

describe('audit log limit', () => {
  it('defaults to 100 and is clamped into 1..1000', () => {
    expect(auditLogInput.parse({}).limit).toBe(100);
    expect(auditLogInput.parse({ limit: '0' }).limit).toBe(1);
    expect(auditLogInput.parse({ limit: '-5' }).limit).toBe(1);
    expect(auditLogInput.parse({ limit: '5000' }).limit).toBe(1000);
    expect(auditLogInput.parse({ limit: '42' }).limit).toBe(42);
  });

  it('refuses what is not a whole number', () => {
    expect(auditLogInput.safeParse({ limit: 'ten' }).success).toBe(false);
    expect(auditLogInput.safeParse({ limit: '1.5' }).success).toBe(false);
  });
});

describe('assume identity input', () => {
  it('refuses platform roles as the identity to assume', () => {
    expect(assumeIdentityInput.safeParse({ tenant_id: 'demo', target_role: 'platform_admin' }).success).toBe(false);
    expect(assumeIdentityInput.parse({ tenant_id: 'Demo', target_role: 'Operator' })).toEqual({
      tenant_id: 'demo',
      target_role: 'operator',
    });
  });
});

describe('log action input', () => {
  it('wants an object of bounded size as details', () => {
    expect(logActionInput.safeParse({ action: 'x', details: [1] }).success).toBe(false);
    expect(logActionInput.safeParse({ action: 'x', details: { a: 'b'.repeat(10_001) } }).success).toBe(false);
    expect(logActionInput.safeParse({ action: ' ' }).success).toBe(false);
  });
});
