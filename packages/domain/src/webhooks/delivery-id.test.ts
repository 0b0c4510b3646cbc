import { describe, expect, it } from 'vitest';
import { uuidV7 } from './delivery-id.ts';

const zeros = new Uint8Array(10);
const ones = new Uint8Array(10).fill(0xff);

describe('uuidV7', () => {
  it('puts the milliseconds first, then version 7 and the RFC variant', () => {
    const id = uuidV7(Date.UTC(2026, 10, 28), zeros);
    expect(id).toBe(
      `${Date.UTC(2026, 10, 28)
        .toString(16)
        .padStart(12, '0')
        .replace(/^(.{8})/, '$1-')}-7000-8000-000000000000`,
    );
    expect(uuidV7(0, ones)).toBe('00000000-0000-7fff-bfff-ffffffffffff');
  });

  it('sorts by time whatever the random part', () => {
    const earlier = uuidV7(1_000, ones);
    const later = uuidV7(1_001, zeros);
    expect(earlier < later).toBe(true);
  });

  it('keeps the random bits apart from version and variant', () => {
    const random = Uint8Array.from([0xab, 0xcd, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0]);
    expect(uuidV7(1, random)).toBe('00000000-0001-7bcd-9234-56789abcdef0');
  });

  it('refuses a time that is not whole milliseconds within 48 bits, or too few random bytes', () => {
    expect(() => uuidV7(-1, zeros)).toThrow(RangeError);
    expect(() => uuidV7(2 ** 48, zeros)).toThrow(RangeError);
    expect(() => uuidV7(1.5, zeros)).toThrow(RangeError);
    expect(() => uuidV7(1, new Uint8Array(9))).toThrow(RangeError);
  });
});
