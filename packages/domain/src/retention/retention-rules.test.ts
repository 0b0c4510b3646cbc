import { describe, expect, it } from 'vitest';
import {
  claimClosedAt,
  claimContentExpired,
  clientErasureBlockers,
  decideErasure,
  erasedEmail,
  householdErasureBlockers,
  retentionCutoffs,
} from './retention-rules.ts';

const now = new Date('2027-03-10T12:00:00Z');

describe('retention cutoffs', () => {
  it('counts positions in days, live.watch rows 90 days and closed claims in calendar years', () => {
    const cutoffs = retentionCutoffs(now, { positionRetentionDays: 30, claimsRetentionYears: 7 });
    expect(cutoffs.positions.toISOString()).toBe('2027-02-08T12:00:00.000Z');
    expect(cutoffs.liveWatch.toISOString()).toBe('2026-12-10T12:00:00.000Z');
    expect(cutoffs.closedClaims.toISOString()).toBe('2020-03-10T12:00:00.000Z');
  });

  it('lands a leap day on the last day of February of a common year', () => {
    const cutoffs = retentionCutoffs(new Date('2028-02-29T08:00:00Z'), { positionRetentionDays: 1, claimsRetentionYears: 1 });
    expect(cutoffs.closedClaims.toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(cutoffs.positions.toISOString()).toBe('2028-02-28T08:00:00.000Z');
  });

  it('keeps finished webhook deliveries WEBHOOK_DELIVERY_HISTORY_DAYS, 90 unless set', () => {
    expect(retentionCutoffs(now, { positionRetentionDays: 30, claimsRetentionYears: 7 }).webhookDeliveries.toISOString()).toBe(
      '2026-12-10T12:00:00.000Z',
    );
    expect(
      retentionCutoffs(now, {
        positionRetentionDays: 30,
        claimsRetentionYears: 7,
        webhookDeliveryHistoryDays: 10,
      }).webhookDeliveries.toISOString(),
    ).toBe('2027-02-28T12:00:00.000Z');
  });
});

describe('closed claims', () => {
  const updatedAt = new Date('2019-06-01T00:00:00Z');
  it('takes date_resolved as the closing time, and the last change for a rejected claim', () => {
    const resolved = new Date('2019-01-01T00:00:00Z');
    expect(claimClosedAt({ status: 'SETTLED', dateResolved: resolved, updatedAt })).toEqual(resolved);
    expect(claimClosedAt({ status: 'REJECTED', dateResolved: null, updatedAt })).toEqual(updatedAt);
    expect(claimClosedAt({ status: 'ACTIVE', dateResolved: null, updatedAt })).toBeNull();
  });

  it('expires only closed claims closed strictly before the cutoff', () => {
    const cutoff = new Date('2019-06-01T00:00:00Z');
    expect(claimContentExpired({ status: 'CLOSED', dateResolved: new Date('2019-05-31T23:59:59Z'), updatedAt }, cutoff)).toBe(true);
    expect(claimContentExpired({ status: 'CLOSED', dateResolved: cutoff, updatedAt }, cutoff)).toBe(false);
    expect(claimContentExpired({ status: 'WRITE_OFF', dateResolved: new Date('2030-01-01T00:00:00Z'), updatedAt }, cutoff)).toBe(false);
    // An open claim never expires, however old.
    expect(claimContentExpired({ status: 'LEGAL', dateResolved: null, updatedAt: new Date('2000-01-01T00:00:00Z') }, cutoff)).toBe(false);
  });
});

describe('erasure refusals', () => {
  it('names the open claims and the invoices with money owed', () => {
    expect(
      clientErasureBlockers([
        { claimNumber: 'CLM-1', status: 'NEW' },
        { claimNumber: 'CLM-2', status: 'SETTLED' },
        { claimNumber: 'CLM-3', status: 'NEGOTIATION' },
        { claimNumber: 'CLM-4', status: 'REJECTED' },
      ]),
    ).toEqual(['CLM-1', 'CLM-3']);
    expect(
      householdErasureBlockers([
        { id: 'inv-sent', status: 'sent', amountCents: 100, amountPaidCents: 0 },
        { id: 'inv-partial', status: 'partial', amountCents: 100, amountPaidCents: 40 },
        { id: 'inv-paid', status: 'paid', amountCents: 100, amountPaidCents: 100 },
        { id: 'inv-void', status: 'void', amountCents: 100, amountPaidCents: 0 },
        { id: 'inv-draft', status: 'draft', amountCents: 100, amountPaidCents: 0 },
      ]),
    ).toEqual(['inv-sent', 'inv-partial']);
  });

  it('refuses open business unless forced, and forcing without a reason', () => {
    const refused = decideErasure('the client has open claims', ['CLM-1'], { force: false, reason: null });
    expect(refused).toEqual({ kind: 'refused', message: expect.stringMatching(/^the client has open claims: CLM-1; settle it first/) });
    expect(decideErasure('x', ['CLM-1'], { force: true, reason: '   ' })).toEqual({
      kind: 'refused',
      message: expect.stringContaining('--reason'),
    });
    expect(decideErasure('x', [], { force: true, reason: null }).kind).toBe('refused');
    expect(decideErasure('x', [], { force: false, reason: 'r'.repeat(501) }).kind).toBe('refused');
    expect(decideErasure('x', ['CLM-1'], { force: true, reason: ' court order 12 ' })).toEqual({
      kind: 'allowed',
      forced: true,
      reason: 'court order 12',
    });
    expect(decideErasure('x', [], { force: false, reason: null })).toEqual({ kind: 'allowed', forced: false, reason: null });
  });

  it('gives each erased row an email of its own that reaches nobody', () => {
    expect(erasedEmail('5A1B')).toBe('erased-5a1b@erased.invalid');
    expect(erasedEmail('a')).not.toBe(erasedEmail('b'));
  });
});
