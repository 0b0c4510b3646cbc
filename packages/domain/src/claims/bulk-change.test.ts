import { describe, expect, it } from 'vitest';
import { staffBulkInput, summarizeBulk } from './bulk-change.ts';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => `CLM-2026-${String(index + 1).padStart(4, '0')}`);
const MEMBER = '0b7e3c2a-1d4f-4a6b-8c9d-0e1f2a3b4c5d';

describe('staffBulkInput', () => {
  it('takes named claims or filters with a change and a reason', () => {
    expect(staffBulkInput.safeParse({ claim_numbers: numbers(2), change: { status: 'ACTIVE' }, reason: 'weekly review' }).success).toBe(
      true,
    );
    expect(
      staffBulkInput.safeParse({ filters: { status: 'NEW', assignee: 'none' }, change: { assignee_id: MEMBER }, reason: 'share out' })
        .success,
    ).toBe(true);
    expect(staffBulkInput.safeParse({ claim_numbers: numbers(1), change: { assignee_id: null }, reason: 'unassign' }).success).toBe(true);
    expect(staffBulkInput.safeParse({ claim_numbers: numbers(500), change: { tier: 'TIER_2' }, reason: 'r' }).success).toBe(true);
  });

  it.each([
    ['no claims', { change: { status: 'ACTIVE' }, reason: 'r' }],
    ['both claims and filters', { claim_numbers: numbers(1), filters: {}, change: { status: 'ACTIVE' }, reason: 'r' }],
    ['no claim numbers', { claim_numbers: [], change: { status: 'ACTIVE' }, reason: 'r' }],
    ['too many claim numbers', { claim_numbers: numbers(501), change: { status: 'ACTIVE' }, reason: 'r' }],
    ['a claim twice', { claim_numbers: ['CLM-2026-0001', 'CLM-2026-0001'], change: { status: 'ACTIVE' }, reason: 'r' }],
    ['a malformed claim number', { claim_numbers: ['nope'], change: { status: 'ACTIVE' }, reason: 'r' }],
    ['an empty change', { claim_numbers: numbers(1), change: {}, reason: 'r' }],
    ['no reason', { claim_numbers: numbers(1), change: { status: 'ACTIVE' } }],
    ['a blank reason', { claim_numbers: numbers(1), change: { status: 'ACTIVE' }, reason: '   ' }],
    ['an unknown field', { claim_numbers: numbers(1), change: { status: 'ACTIVE' }, reason: 'r', extra: 1 }],
    ['an unknown change', { claim_numbers: numbers(1), change: { status: 'ACTIVE', owner: 'x' }, reason: 'r' }],
    ['an unknown filter', { filters: { colour: 'red' }, change: { status: 'ACTIVE' }, reason: 'r' }],
    ['a wrong status', { claim_numbers: numbers(1), change: { status: 'DONE' }, reason: 'r' }],
    ['an assignee that is no id', { claim_numbers: numbers(1), change: { assignee_id: 'me' }, reason: 'r' }],
    ['notify as text', { claim_numbers: numbers(1), change: { status: 'ACTIVE' }, reason: 'r', notify_client: 'yes' }],
  ])('refuses %s', (_, input) => {
    expect(staffBulkInput.safeParse(input).success).toBe(false);
  });
});

describe('summarizeBulk', () => {
  it('lists the changed claims and says why each other one was skipped, in order', () => {
    expect(
      summarizeBulk([
        { claimNumber: 'CLM-2026-0001', kind: 'changed' },
        { claimNumber: 'CLM-2026-0002', kind: 'refused', code: 'conflict', message: 'A claim cannot move back to NEW (it is ACTIVE).' },
        { claimNumber: 'CLM-2026-0003', kind: 'unchanged' },
        { claimNumber: 'CLM-2026-0004', kind: 'refused', code: 'not_found', message: 'Claim CLM-2026-0004 not found.' },
      ]),
    ).toEqual({
      changed: ['CLM-2026-0001'],
      skipped: [
        { claim_number: 'CLM-2026-0002', code: 'conflict', message: 'A claim cannot move back to NEW (it is ACTIVE).' },
        { claim_number: 'CLM-2026-0003', code: 'unchanged', message: expect.stringContaining('already') },
        { claim_number: 'CLM-2026-0004', code: 'not_found', message: 'Claim CLM-2026-0004 not found.' },
      ],
    });
  });
});
