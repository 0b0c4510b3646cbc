import type { ReactNode } from 'react';

/** One term and its value in a definition list; `wide` spans the whole row of a fact grid. */
export const Fact = ({
  label,
  children,
  wide = false,
  valueClassName,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
  valueClassName?: string;
}) => (
  <div className={wide ? 'facts__wide' : undefined}>
    <dt>{label}</dt>
    <dd className={valueClassName}>{children}</dd>
  </div>
);
