const COLOR = /^#[0-9a-f]{3,8}$/i;

const label = (key: string): string => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();

  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** The tenant's theme settings as words, with a swatch beside colours; any key the theme holds is shown. */
export const ThemeSummary = ({ theme }: { theme: Record<string, unknown> }) => {
  const entries = Object.entries(theme);
  if (entries.length === 0) {
    return <>Default</>;
  }

  return (
    <ul className="plain-list">
      {entries.map(([key, value]) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);

        return (
          <li key={key}>
            <span className="muted">{label(key)}:</span>{' '}
            {typeof value === 'string' && COLOR.test(value) ? (
              <span className="theme-swatch" style={{ background: value }} aria-hidden="true" />
            ) : null}
            {text}
          </li>
        );
      })}
    </ul>
  );
};
