import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugify } from './route-slug.ts';

describe('slugify', () => {
  it('lower-cases, joins words with dashes and drops accents and punctuation', () => {
    expect(slugify('  North Loop — Élan St. #4 ')).toBe('north-loop-elan-st-4');
  });

  it('falls back when nothing usable is left', () => {
    expect(slugify('!!!')).toBe('route');
    expect(slugify('***', 'school')).toBe('school');
  });

  it('keeps slugs at most 60 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug).toBe('a'.repeat(59));
    expect(slugify('x'.repeat(100))).toHaveLength(60);
  });
});

describe('firstFreeSlug', () => {
  it('answers the base when free, else the first free numbered one', () => {
    expect(firstFreeSlug('north', new Set())).toBe('north');
    expect(firstFreeSlug('north', new Set(['north']))).toBe('north-2');
    expect(firstFreeSlug('north', new Set(['north', 'north-2', 'north-3']))).toBe('north-4');
  });
});
