import { describe, expect, it, vi } from 'vitest';
import { contrastRatio, parseHex, WHITE, type Rgb } from './srgb.ts';
import { looksLikeColor, themeVariables, type ColorReader } from './theme-variables.ts';

/** Stands in for the browser: hex, and the few names and functions these tests use. */
const NAMED: Record<string, Rgb> = { gold: { r: 255, g: 215, b: 0 }, 'rgb(15 118 110)': { r: 15, g: 118, b: 110 } };
const readColor: ColorReader = (value) => parseHex(value) ?? NAMED[value.toLowerCase()] ?? null;

const channels = (hex: string | undefined): Rgb => {
  const color = parseHex(hex ?? '');
  if (!color) {
    throw new Error(`not a colour: ${hex}`);
  }

  return color;
};

describe('themeVariables', () => {
  it('maps the demo operator’s primary colour onto the stylesheet’s variables', () => {
    const variables = themeVariables({ primary_color: '#1d4ed8', logo_text: 'Demo Transport' }, readColor);
    expect(variables).toMatchObject({ '--primary': '#1d4ed8', '--primary-text': '#1d4ed8', '--on-primary': '#ffffff' });
    expect(variables['--focus']).toBe('0 0 0 3px rgb(29 78 216 / 35%)');
    expect(contrastRatio(channels(variables['--primary-dark']), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(channels(variables['--primary-soft']), WHITE)).toBeLessThan(1.2);
  });

  it('accepts the common spellings of the key', () => {
    for (const key of ['primary_color', 'primaryColor', 'Primary-Colour', 'primary', 'brand_color', 'brandColor', 'theme_color']) {
      expect(themeVariables({ [key]: '#0f766e' }, readColor)['--primary'], key).toBe('#0f766e');
    }
  });

  it('reads any colour the reader knows and writes it back as hex', () => {
    expect(themeVariables({ primaryColor: 'rgb(15 118 110)' }, readColor)['--primary']).toBe('#0f766e');
    expect(themeVariables({ primary_color: 'GOLD' }, readColor)['--primary']).toBe('#ffd700');
  });

  it('puts dark text on a light primary and keeps text on white readable', () => {
    const variables = themeVariables({ primary_color: 'gold' }, readColor);
    expect(variables['--on-primary']).toBe('#111827');
    expect(contrastRatio(channels(variables['--primary-text']), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(channels(variables['--primary-dark']), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts white text on a dark primary', () => {
    expect(themeVariables({ primary_color: '#000' }, readColor)).toMatchObject({ '--on-primary': '#ffffff', '--primary-dark': '#000000' });
  });

  it('falls back to the app’s colours for an empty, unknown or invalid theme', () => {
    const themes: Record<string, unknown>[] = [
      {},
      { font: 'Comic Sans', background: 'red', secondary_color: '#ff0000' },
      { primary_color: 'not-a-colour' },
      { primary_color: '#12345g' },
      { primary_color: 'red; background: url(https://evil.test/x)' },
      { primary_color: 'var(--danger)' },
      { primary_color: 'rgb(var(--x))' },
      { primary_color: 'inherit' },
      { primary_color: 'currentColor' },
      { primary_color: 'transparent' },
      { primary_color: '</style><script>alert(1)</script>' },
      { primary_color: 42 },
      { primary_color: null },
      { primary_color: { r: 1 } },
      { primary_color: ['#fff'] },
      { primary_color: '   ' },
    ];
    for (const theme of themes) {
      expect(themeVariables(theme, readColor), JSON.stringify(theme)).toEqual({});
    }
  });

  it('takes the first spelling that holds a valid colour', () => {
    expect(themeVariables({ primary_color: 'nonsense', primaryColor: '#0f766e' }, readColor)['--primary']).toBe('#0f766e');
  });

  it('never hands the reader anything but plain colour syntax', () => {
    const reader = vi.fn(readColor);
    themeVariables({ primary_color: 'red;}body{display:none', primary: 'url(x)', brand_color: 'expression(alert(1))' }, reader);
    expect(reader).not.toHaveBeenCalled();
  });

  it('writes only values it built itself', () => {
    const variables = themeVariables({ primary_color: 'gold', extra: 'x' }, readColor);
    expect(Object.keys(variables).sort()).toEqual([
      '--focus',
      '--on-primary',
      '--primary',
      '--primary-dark',
      '--primary-soft',
      '--primary-text',
    ]);
    for (const [name, value] of Object.entries(variables)) {
      expect(value, name).toMatch(name === '--focus' ? /^0 0 0 3px rgb\(\d{1,3} \d{1,3} \d{1,3} \/ 35%\)$/ : /^#[0-9a-f]{6}$/);
    }
  });
});

describe('looksLikeColor', () => {
  it('lets colour syntax through and nothing else', () => {
    for (const value of [
      '#fff',
      '#1d4ed8',
      '#1d4ed8ff',
      'rebeccapurple',
      'rgb(1, 2, 3)',
      'hsl(200 50% 40%)',
      'oklch(0.6 0.15 250)',
      'color(display-p3 1 0 0)',
    ]) {
      expect(looksLikeColor(value), value).toBe(true);
    }
    for (const value of [
      'var(--x)',
      'rgb(var(--x))',
      'light-dark(red, blue)',
      'red blue',
      'url(x)',
      'initial',
      'revert-layer',
      '#ff',
      `#${'f'.repeat(200)}`,
    ]) {
      expect(looksLikeColor(value), value).toBe(false);
    }
  });
});
