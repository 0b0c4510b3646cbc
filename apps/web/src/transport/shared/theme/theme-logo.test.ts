import { describe, expect, it } from 'vitest';
import { safeImageSource, themeLogo } from './theme-logo.ts';

describe('themeLogo', () => {
  it('reads the demo operator’s logo text', () => {
    expect(themeLogo({ primary_color: '#1d4ed8', logo_text: 'Demo Transport' })).toEqual({ src: null, text: 'Demo Transport' });
  });

  it('accepts the common spellings of logo address and name', () => {
    expect(themeLogo({ logoUrl: '/logos/harbor.png', logoText: 'Harbor  Buses ' })).toEqual({
      src: '/logos/harbor.png',
      text: 'Harbor Buses',
    });
    expect(themeLogo({ logo_url: 'https://cdn.example.test/logo.svg' })).toEqual({ src: 'https://cdn.example.test/logo.svg', text: null });
    expect(themeLogo({ logo_name: 'Harbor: Buses' })).toEqual({ src: null, text: 'Harbor: Buses' });
  });

  it('takes `logo` as an address when it is one and as a name otherwise', () => {
    expect(themeLogo({ logo: '/harbor.png' })).toEqual({ src: '/harbor.png', text: null });
    expect(themeLogo({ logo: 'Harbor Buses' })).toEqual({ src: null, text: 'Harbor Buses' });
    expect(themeLogo({ logo: 'javascript:alert(1)' })).toBeNull();
  });

  it('has no logo for an empty theme, unknown keys or values that are not text', () => {
    for (const theme of [
      {},
      { primary_color: '#000', banner: 'Hi' },
      { logo_text: 42 },
      { logo_text: ' ' },
      { logo_url: ['x'] },
      { logo_text: 'x'.repeat(61) },
    ]) {
      expect(themeLogo(theme), JSON.stringify(theme)).toBeNull();
    }
  });
});

describe('safeImageSource', () => {
  it('allows this site’s paths, https addresses and inline raster images', () => {
    for (const value of [
      '/logo.png',
      '/tenants/acme/logo.svg?v=2',
      'https://cdn.example.test/logo.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      expect(safeImageSource(value), value).toBe(value);
    }
  });

  it('refuses other schemes, protocol-relative addresses and odd characters', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'http://cdn.example.test/logo.png',
      '//evil.test/logo.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'logo.png',
      '/logo.png" onerror="alert(1)',
      '/\\evil.test',
      `https://cdn.example.test/${'a'.repeat(2100)}`,
    ]) {
      expect(safeImageSource(value), value).toBeNull();
    }
  });
});
