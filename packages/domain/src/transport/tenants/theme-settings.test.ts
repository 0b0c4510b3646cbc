import { describe, expect, it } from 'vitest';
import { applyThemeSettings, themeSettingsInput, themeSettingsOf } from './theme-settings.ts';

describe('themeSettingsInput', () => {
  it('takes a #rrggbb colour and an https or site logo, or null', () => {
    expect(themeSettingsInput.parse({ primary_color: '#1D4ED8', logo_url: 'https://buses.example/logo.png' })).toEqual({
      primary_color: '#1d4ed8',
      logo_url: 'https://buses.example/logo.png',
    });
    expect(themeSettingsInput.parse({ primary_color: null, logo_url: '' })).toEqual({ primary_color: null, logo_url: null });
    expect(themeSettingsInput.parse({ primary_color: null, logo_url: '/logo.svg' }).logo_url).toBe('/logo.svg');
  });

  it.each([
    [{ primary_color: 'blue', logo_url: null }, 'primary_color'],
    [{ primary_color: null, logo_url: 'http://insecure.example/logo.png' }, 'logo_url'],
    [{ primary_color: null, logo_url: 'javascript:alert(1)' }, 'logo_url'],
    [{ primary_color: null, logo_url: '//elsewhere.example/logo.png' }, 'logo_url'],
  ])('refuses %j naming %s', (input, field) => {
    const parsed = themeSettingsInput.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => String(issue.path[0]))).toContain(field);
  });
});

describe('applyThemeSettings', () => {
  it('sets and removes its keys and keeps the others', () => {
    const theme = { primary_color: '#000000', font: 'serif' };
    expect(applyThemeSettings(theme, { primary_color: null, logo_url: '/l.png' })).toEqual({ font: 'serif', logo_url: '/l.png' });
    expect(themeSettingsOf({ primary_color: 5 })).toEqual({ primary_color: null, logo_url: null });
  });
});
