import { describe, expect, it } from 'vitest';
import { dayText, minorUnits, moneyText, proRataText } from './money-text.ts';

describe('moneyText', () => {
  it('writes the amount in its currency', () => {
    expect(moneyText(10_500, 'USD')).toBe('$105.00');
    expect(moneyText(9_550, 'CAD')).toBe('CA$95.50');
    expect(moneyText(1_200, 'EUR')).toBe('€12.00');
  });
});

describe('proRataText', () => {
  it('names the school days billed and the first of them', () => {
    expect(dayText('2026-12-02')).toBe('Wednesday 2 December 2026');
    expect(proRataText(3, '2026-11-30')).toBe('3 of 5 school days (from Wednesday 2 December 2026)');
    expect(proRataText(1, '2026-11-30')).toBe('1 of 5 school days (from Friday 4 December 2026)');
  });
});

describe('minorUnits', () => {
  it('is cents for two-decimal currencies and whole units for zero-decimal ones', () => {
    expect(minorUnits(1_050, 'USD')).toBe(1_050);
    expect(minorUnits(2_500, 'CAD')).toBe(2_500);
    expect(minorUnits(150_000, 'JPY')).toBe(1_500);
    expect(minorUnits(150_050, 'JPY')).toBe(1_501);
  });
});
