import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { correctionAuditValues, correctionChangesOfAudit, planCorrection, type CorrectableDetails } from './correction.ts';
import { staffCorrectionInput } from './schemas.ts';

const current: CorrectableDetails = {
  amount_cents: 125_000,
  description: 'Unpaid invoice',
  client_reference: 'INV-1',
  invoice_date: '2026-01-15',
  debtor: { name: 'Acme LLC', business_type: 'LLC', contact_email: 'ap@acme.test', contact_phone: null, physical_address: '1 Main St' },
};

const input = (fields: Record<string, unknown>) =>
  staffCorrectionInput.parse({ claim_number: 'CLM-2026-0001', reason: 'typo at intake', ...fields });

const issuesOf = (fields: Record<string, unknown>) => {
  const result = staffCorrectionInput.safeParse({ claim_number: 'CLM-2026-0001', reason: 'typo at intake', ...fields });

  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('staffCorrectionInput', () => {
  it('takes the intake fields with the intake rules, lowercasing an email as the intake does', () => {
    const parsed = input({ amount_cents: 99, debtor: { contact_email: 'AP@Example.TEST', business_type: 'CORPORATION' } });
    expect(parsed).toMatchObject({ amount_cents: 99, debtor: { contact_email: 'ap@example.test', business_type: 'CORPORATION' } });
  });

  it('reads an empty string or null in an optional field as clearing it', () => {
    expect(input({ description: '', debtor: { physical_address: null } })).toMatchObject({
      description: null,
      debtor: { physical_address: null },
    });
  });

  it.each([
    ['an unknown field', { ssn: '123-45-6789' }, /Unrecognized key/],
    ['an unknown debtor field', { debtor: { bank_account: '12345678' } }, /Unrecognized key/],
    ['the status, which has its own PATCH', { status: 'ACTIVE' }, /Unrecognized key/],
    ['the client, which is not corrected here', { client: { email: 'x@example.test' } }, /Unrecognized key/],
    ['a decimal amount', { amount_cents: 10.5 }, /whole number/],
    ['an amount given as text', { amount_cents: '100' }, /whole number/],
    ['a zero amount', { amount_cents: 0 }, /at least 1/],
    ['an amount over the intake limit', { amount_cents: 100_000_001 }, /at most/],
    ['an SSN in the description', { description: 'owner 123-45-6789' }, /Social Security/],
    ['a line break in the debtor name', { debtor: { name: 'Acme\nLLC' } }, /single line/],
    ['an empty debtor name', { debtor: { name: '  ' } }, /required/],
    ['a cleared debtor name', { debtor: { name: null } }, /expected string/i],
    ['an unknown business type', { debtor: { business_type: 'TRUST' } }, /Invalid option/i],
    ['a bad email', { debtor: { contact_email: 'not-an-email' } }, /valid email/],
    ['an impossible date', { invoice_date: '2026-02-30' }, /real calendar date/],
    ['an overlong address', { debtor: { physical_address: 'a'.repeat(501) } }, /at most 500/],
  ])('refuses %s', (_label, fields, message) => {
    expect(issuesOf(fields).join('\n')).toMatch(message);
  });

  it('requires a reason', () => {
    expect(staffCorrectionInput.safeParse({ claim_number: 'CLM-2026-0001', amount_cents: 5 }).success).toBe(false);
    expect(issuesOf({ amount_cents: 5, reason: '   ' }).join('\n')).toMatch(/reason: is required/);
  });

  it('requires at least one field to correct', () => {
    expect(issuesOf({}).join('\n')).toMatch(/at least one detail/);
    expect(issuesOf({ debtor: {} }).join('\n')).toMatch(/at least one detail/);
  });
});

describe('planCorrection', () => {
  it('lists each changed field with its value before and after', () => {
    expect(planCorrection(current, input({ amount_cents: 150_000, debtor: { name: 'Acme Inc', contact_phone: '555 0100' } }))).toEqual([
      { field: 'amount_cents', before: 125_000, after: 150_000 },
      { field: 'debtor.name', before: 'Acme LLC', after: 'Acme Inc' },
      { field: 'debtor.contact_phone', before: null, after: '555 0100' },
    ]);
  });

  it('drops fields given with their current value', () => {
    const plan = planCorrection(current, input({ amount_cents: 125_000, description: 'Unpaid invoice', invoice_date: '2026-02-01' }));
    expect(plan).toEqual([{ field: 'invoice_date', before: '2026-01-15', after: '2026-02-01' }]);
  });

  it('records a cleared field as null after', () => {
    expect(planCorrection(current, input({ client_reference: '' }))).toEqual([{ field: 'client_reference', before: 'INV-1', after: null }]);
  });

  it('refuses a correction that changes nothing as a conflict', () => {
    const attempt = () => planCorrection(current, input({ amount_cents: 125_000, debtor: { contact_phone: null } }));
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'conflict' }));
  });
});

describe('correction audit values', () => {
  it('keeps every change on one row and reads it back', () => {
    const changes = planCorrection(current, input({ amount_cents: 1, debtor: { contact_email: null } }));
    const row = correctionAuditValues(changes);
    expect(row.field).toBe('amount_cents,debtor.contact_email');
    expect(JSON.parse(row.oldValue)).toEqual({ amount_cents: 125_000, 'debtor.contact_email': 'ap@acme.test' });
    expect(correctionChangesOfAudit(row)).toEqual([
      { field: 'amount_cents', old_value: 125_000, new_value: 1 },
      { field: 'debtor.contact_email', old_value: 'ap@acme.test', new_value: null },
    ]);
  });

  it('reads nothing from a row that does not hold a correction', () => {
    expect(correctionChangesOfAudit({ field: 'status', oldValue: 'NEW', newValue: 'ACTIVE' })).toBeNull();
    expect(correctionChangesOfAudit({ field: 'amount_cents', oldValue: '{}', newValue: '{"amount_cents":[1]}' })).toBeNull();
  });
});
