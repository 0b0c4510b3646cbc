import { describe, expect, it } from 'vitest';
import { MAX_PROMPT_CHARS, MAX_VALUE_CHARS, renderPrompt, renderTemplate, TRUNCATION_MARK } from './render-template.ts';

const payload = {
  issue: { title: 'Broken build', number: 12, labels: ['ci'] },
  data: { object: { amount: 2500 } },
  commits: [{ id: 'abc123', message: 'first' }, { id: 'def456' }],
  flag: true,
  empty: null,
};

describe('renderTemplate', () => {
  it('fills nested paths and list indexes', () => {
    expect(renderTemplate('#{issue.number}: {issue.title}', payload)).toBe('#12: Broken build');
    expect(renderTemplate('{data.object.amount} cents', payload)).toBe('2500 cents');
    expect(renderTemplate('{commits.0.id}..{commits.1.id}', payload)).toBe('abc123..def456');
  });

  it('leaves a missing path literally in place', () => {
    expect(renderTemplate('{issue.missing} / {commits.9.id} / {issue.title.deeper}', payload)).toBe(
      '{issue.missing} / {commits.9.id} / {issue.title.deeper}',
    );
  });

  it('renders objects as JSON and scalars as text', () => {
    expect(renderTemplate('{issue.labels}', payload)).toBe('[\n  "ci"\n]');
    expect(renderTemplate('{flag} {empty}', payload)).toBe('true null');
  });

  it('turns a typed backslash-n into a line break but leaves payload values alone', () => {
    expect(renderTemplate('a\\nb {x}', { x: 'c\\nd' })).toBe('a\nb c\\nd');
  });

  it('uses the whole payload as JSON when there is no template', () => {
    expect(renderPrompt(undefined, { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(renderPrompt('', { a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe('rendering is bounded', () => {
  it('cuts a large object value and a large whole payload, with a mark', () => {
    const big = { items: Array.from({ length: 5000 }, (_, index) => ({ index, name: `item ${index}` })) };
    const value = renderTemplate('x {items}', big);
    expect(value.length).toBeLessThanOrEqual(2 + MAX_VALUE_CHARS + TRUNCATION_MARK.length);
    expect(value.endsWith(TRUNCATION_MARK)).toBe(true);
    const whole = renderPrompt(undefined, big);
    expect(whole.length).toBeLessThanOrEqual(MAX_PROMPT_CHARS + TRUNCATION_MARK.length);
    expect(whole.endsWith(TRUNCATION_MARK)).toBe(true);
  });

  it('caps a template whose string values are long', () => {
    const prompt = renderPrompt('{a}{a}', { a: 'y'.repeat(MAX_PROMPT_CHARS) });
    expect(prompt.length).toBe(MAX_PROMPT_CHARS + TRUNCATION_MARK.length);
  });

  it('keeps nested payloads small: indentation does not multiply the size', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 60; level++) {
      deep = [deep, deep === 1 ? 0 : 'x'.repeat(10)];
    }
    expect(renderPrompt(undefined, { deep }).length).toBeLessThanOrEqual(MAX_PROMPT_CHARS + TRUNCATION_MARK.length);
  });

  it('does not reach prototype properties through dotted paths', () => {
    expect(renderTemplate('{constructor} {__proto__} {a.constructor.name} {a.length}', { a: 'text' })).toBe(
      '{constructor} {__proto__} {a.constructor.name} {a.length}',
    );
  });
});
