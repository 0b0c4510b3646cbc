import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_PARTS, MESSAGE_LIMITS, splitChatMessage, splitMessage, trimMessage } from './split-message.ts';

describe('splitMessage', () => {
  it('keeps a short message whole', () => {
    expect(splitMessage('hello', 10)).toEqual(['hello']);
  });

  it('splits at line breaks, then spaces, never over the limit', () => {
    const text = `${'a'.repeat(1500)}\n${'b'.repeat(1500)}`;
    expect(splitMessage(text, MESSAGE_LIMITS.discord)).toEqual(['a'.repeat(1500), 'b'.repeat(1500)]);
    const words = Array.from({ length: 2000 }, (_, index) => `w${index}`).join(' ');
    const parts = splitMessage(words, 100);
    expect(parts.every((part) => part.length <= 100)).toBe(true);
    expect(parts.join(' ')).toBe(words);
  });

  it('hard-cuts text without breaks and keeps surrogate pairs whole', () => {
    const parts = splitMessage('😀'.repeat(5), 3);
    expect(parts.join('')).toBe('😀'.repeat(5));
    expect(parts.every((part) => part.length <= 3 && !/[\ud800-\udbff]$/.test(part))).toBe(true);
    expect(splitMessage('x'.repeat(9000), MESSAGE_LIMITS.telegram).map((part) => part.length)).toEqual([4096, 4096, 808]);
  });
});

describe('trimMessage', () => {
  it('trims to the limit and says so', () => {
    const trimmed = trimMessage('y'.repeat(70000), MESSAGE_LIMITS.github_comment);
    expect(trimmed.length).toBe(MESSAGE_LIMITS.github_comment);
    expect(trimmed.endsWith('(trimmed)')).toBe(true);
    expect(trimMessage('short', 100)).toBe('short');
  });
});

describe('splitChatMessage', () => {
  it('posts at most MAX_MESSAGE_PARTS parts, the last one marked as trimmed', () => {
    const parts = splitChatMessage('z'.repeat(MESSAGE_LIMITS.discord * 30), MESSAGE_LIMITS.discord);
    expect(parts).toHaveLength(MAX_MESSAGE_PARTS);
    expect(parts.every((part) => part.length <= MESSAGE_LIMITS.discord)).toBe(true);
    expect(parts.at(-1)).toMatch(/\(trimmed\)$/);
    expect(splitChatMessage('short', MESSAGE_LIMITS.discord)).toEqual(['short']);
  });
});
