import { describe, expect, it } from 'vitest';
import { renderPrompt, renderTemplate } from './render-template.ts';

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
