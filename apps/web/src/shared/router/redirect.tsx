import { useEffect } from 'react';
import { navigate } from './browser-location.ts';

export const Redirect = ({ to }: { to: string }) => {
  useEffect(() => {
    navigate(to, { replace: true });
  }, [to]);

  return null;
};
