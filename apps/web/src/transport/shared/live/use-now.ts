import { useEffect, useState } from 'react';

/** The time, refreshed every `everyMs`, so "2 min ago" keeps counting without new data. */
export const useNow = (everyMs = 15_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);

    return () => clearInterval(timer);
  }, [everyMs]);

  return now;
};
