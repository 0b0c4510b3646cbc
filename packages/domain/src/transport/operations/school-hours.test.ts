import { describe, expect, it } from 'vitest';
import { assertSchoolHours, schoolNameKey } from './school-hours.ts';

describe('assertSchoolHours', () => {
  it('accepts a day that ends after it starts, or a missing time', () => {
    expect(() => assertSchoolHours('08:00', '15:00')).not.toThrow();
    expect(() => assertSchoolHours(null, '15:00')).not.toThrow();
    expect(() => assertSchoolHours('08:00', undefined)).not.toThrow();
  });

  it('refuses a day that ends before or when it starts', () => {
    expect(() => assertSchoolHours('15:00', '08:00')).toThrow(/end_time \(08:00\) must be after start_time \(15:00\)/);
    expect(() => assertSchoolHours('08:00', '08:00')).toThrow();
  });
});

describe('schoolNameKey', () => {
  it('ignores case and surrounding spaces', () => {
    expect(schoolNameKey('  Oak Elementary ')).toBe(schoolNameKey('oak elementary'));
  });
});
