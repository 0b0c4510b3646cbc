const PATHS = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  mail: 'M3.5 6.5h17v11h-17zM3.5 7l8.5 6.5L20.5 7',
  lock: 'M6.5 10.5h11v9h-11zM8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5',
  download: 'M12 4v11m0 0-4-4m4 4 4-4M5 19h14',
  file: 'M7 3.5h7l4 4v13H7zM14 3.5v4h4',
} as const;

export type IconName = keyof typeof PATHS;

/** Inline icons: the app loads nothing from other origins and must work offline. */
export const Icon = ({ name, className = 'icon' }: { name: IconName; className?: string }) => (
  <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={PATHS[name]} />
  </svg>
);
