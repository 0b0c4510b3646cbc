import { z } from 'zod';

/**
 * The operator's look, as its Settings page sets it: a primary colour (`#rrggbb`) and a logo
 * address (https, or a path on this site). Both go into the tenant's theme under `primary_color`
 * and `logo_url`, the names the web app already reads; null removes one. Other theme keys (set by
 * the command line) are kept.
 */
const LOGO = /^(https:\/\/[^\s\\]+|\/(?!\/)[^\s\\]*)$/i;

export const themeSettingsInput = z.strictObject({
  primary_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-f]{6}$/i, 'primary_color must be a colour such as #1d4ed8')
    .transform((value) => value.toLowerCase())
    .nullable(),
  logo_url: z
    .string()
    .trim()
    .max(2048, 'logo_url must be at most 2048 characters')
    .regex(LOGO, 'logo_url must be an https address or a path on this site')
    .nullable()
    .or(z.literal('').transform(() => null)),
});
export type ThemeSettingsInput = z.infer<typeof themeSettingsInput>;

export const THEME_SETTING_KEYS = ['primary_color', 'logo_url'] as const;

/** The theme with these settings applied: a value sets its key, null removes it. */
export const applyThemeSettings = (theme: Readonly<Record<string, unknown>>, settings: ThemeSettingsInput): Record<string, unknown> => {
  const next: Record<string, unknown> = { ...theme };
  for (const key of THEME_SETTING_KEYS) {
    const value = settings[key];
    if (value === null) {
      delete next[key];
    } else {
      next[key] = value;
    }
  }

  return next;
};

/** What the settings read of a theme (a key set to something else than text reads as unset). */
export const themeSettingsOf = (theme: Readonly<Record<string, unknown>>): { primary_color: string | null; logo_url: string | null } => ({
  primary_color: typeof theme.primary_color === 'string' ? theme.primary_color : null,
  logo_url: typeof theme.logo_url === 'string' ? theme.logo_url : null,
});
