import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { OperatorBar } from './operator-bar.tsx';
import { useOperatorTheme } from './operator-themes.ts';
import { readCssColor } from './read-css-color.ts';
import { themeLogo } from './theme-logo.ts';
import { themeVariables } from './theme-variables.ts';

/**
 * Gives everything inside the operator's colours (as the stylesheet's custom properties, which
 * inherit) and its logo. Without an operator, or with a theme that has nothing usable, the app's
 * own colours stay.
 */
export const TenantTheme = ({ slug, children }: { slug: string | null; children: ReactNode }) => {
  const operator = useOperatorTheme(slug);
  const look = useMemo(
    () => (operator ? { variables: themeVariables(operator.theme, readCssColor), logo: themeLogo(operator.theme) } : null),
    [operator],
  );

  return (
    <div className="tenant-theme" style={look?.variables as CSSProperties | undefined}>
      {look?.logo && operator ? <OperatorBar logo={look.logo} name={operator.name} /> : null}
      {children}
    </div>
  );
};
