import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { planStatusChange, tierChangeNote } from './status-change.ts';

const now = new Date('2026-03-01T10:00:00Z');
const earlier = new Date('2026-01-01T10:00:00Z');

describe('planStatusChange', () => {
  it('sets date_assigned on the first move out of NEW', () => {
    const plan = planStatusChange({ status: 'NEW', dateAssigned: null, dateResolved: null }, 'ACTIVE', now);
    expect(plan).toMatchObject({ kind: 'changed', dates: { dateAssigned: now, dateResolved: null } });
  });

  it('keeps an existing date_assigned and sets date_resolved on resolution', () => {
    const plan = planStatusChange({ status: 'ACTIVE', dateAssigned: earlier, dateResolved: null }, 'SETTLED', now);
    expect(plan).toMatchObject({ kind: 'changed', dates: { dateAssigned: earlier, dateResolved: now } });
  });

  it('clears date_resolved when a resolved claim is reopened', () => {
    const plan = planStatusChange({ status: 'WRITE_OFF', dateAssigned: earlier, dateResolved: earlier }, 'LEGAL', now);
    expect(plan).toMatchObject({ kind: 'changed', dates: { dateResolved: null }, clientNote: 'Status changed to Legal Action' });
  });

  it('keeps date_resolved when a resolved claim is rejected: only a move to an open status clears it', () => {
    for (const from of ['SETTLED', 'CLOSED', 'WRITE_OFF'] as const) {
      const plan = planStatusChange({ status: from, dateAssigned: earlier, dateResolved: earlier }, 'REJECTED', now);
      expect(plan, from).toMatchObject({ kind: 'changed', dates: { dateAssigned: earlier, dateResolved: earlier } });
    }
  });

  it('leaves date_resolved unset when an unresolved claim is rejected', () => {
    const plan = planStatusChange({ status: 'UNDER_REVIEW', dateAssigned: earlier, dateResolved: null }, 'REJECTED', now);
    expect(plan).toMatchObject({ kind: 'changed', dates: { dateAssigned: earlier, dateResolved: null } });
  });

  it('clears a date_resolved kept through REJECTED when the claim is reopened', () => {
    const plan = planStatusChange({ status: 'REJECTED', dateAssigned: earlier, dateResolved: earlier }, 'ACTIVE', now);
    expect(plan).toMatchObject({ kind: 'changed', dates: { dateResolved: null } });
  });

  it('treats the same status as no change', () => {
    expect(planStatusChange({ status: 'ACTIVE', dateAssigned: earlier, dateResolved: null }, 'ACTIVE', now)).toEqual({
      kind: 'unchanged',
    });
  });

  it('refuses a move back to NEW as a conflict', () => {
    const attempt = () => planStatusChange({ status: 'ACTIVE', dateAssigned: earlier, dateResolved: null }, 'NEW', now);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(/back to NEW/);
  });
});

describe('tierChangeNote', () => {
  it('names the recovery stage the client sees, the lien threat by its badge', () => {
    expect(tierChangeNote('TIER_2')).toBe('Recovery stage changed to Formal Demand');
    expect(tierChangeNote('TIER_2_5')).toBe('Recovery stage changed to Lien Threat');
    expect(tierChangeNote('TIER_4')).toBe('Recovery stage changed to Legal Action');
  });
});
