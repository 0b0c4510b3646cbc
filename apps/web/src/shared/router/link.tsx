import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './browser-location.ts';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** A real anchor (so open-in-new-tab works) that navigates in place on a plain click. */
export const Link = ({ to, onClick, ...rest }: LinkProps) => {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(to);
  };

  return <a href={to} onClick={handleClick} {...rest} />;
};
