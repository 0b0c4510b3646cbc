/**
 * The zone names the browser knows, offered as suggestions of a text field (a datalist: typing
 * "New" narrows the 400-odd names). The server checks the name again with its own Intl data.
 */
const zoneNames = (): string[] => {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

  return names.includes('UTC') ? names : ['UTC', ...names];
};

export const TimeZoneList = ({ id }: { id: string }) => (
  <datalist id={id}>
    {zoneNames().map((zone) => (
      <option key={zone} value={zone} />
    ))}
  </datalist>
);

/** The browser's own zone: a good first guess for a new operator set up by someone nearby. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
