const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Calendar dates (`2026-01-15`) are read in UTC so they never shift by a day; they name a day,
 * not an instant.
 */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) {
    return '—';
  }
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
};

/** Instants are shown in the reader's own time zone. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) {
    return '—';
  }
  const date = new Date(value);

  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
};
