import { useState } from 'react';
import type { ThemeLogo } from './theme-logo.ts';

/**
 * The operator's logo above the app's header. An image that does not load (the page's content
 * security policy allows this site's own paths and data: images only) gives way to the name.
 */
export const OperatorBar = ({ logo, name }: { logo: ThemeLogo; name: string }) => {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const source = logo.src !== failedSource ? logo.src : null;

  return (
    <div className="operator-bar" data-testid="operator-bar">
      <div className="operator-bar__inner">
        {source ? (
          <img
            className="operator-bar__logo"
            src={source}
            alt={logo.text ? '' : name}
            referrerPolicy="no-referrer"
            onError={() => setFailedSource(source)}
          />
        ) : null}
        {logo.text || !source ? <span className="operator-bar__name">{logo.text ?? name}</span> : null}
      </div>
    </div>
  );
};
