import { useEffect, useState } from 'react';
import { handleSessionStatus, sessionHeaders } from '../transport-client.ts';
import { readLocationEvent, type BusPosition } from './bus-position.ts';
import { openEventStream, type StreamState } from './event-stream.ts';

/**
 * Bus positions pushed by a server-sent event stream (`event: location`), by bus id. `enabled`
 * false opens nothing (no bus to follow). The state says whether it is live; 'unavailable' means
 * the caller's polling is all there is.
 */
export const useLivePositions = (url: string, enabled = true) => {
  const [positions, setPositions] = useState<Record<string, BusPosition>>({});
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    if (!enabled) {
      return undefined;
    }

    return openEventStream({
      url,
      headers: sessionHeaders,
      onStatus: handleSessionStatus,
      onState: setState,
      onEvent: (event) => {
        if (event.event !== 'location') {
          return;
        }
        const position = readLocationEvent(event.data);
        if (position) {
          setPositions((current) => ({ ...current, [position.id]: position }));
        }
      },
    });
  }, [url, enabled]);

  return { positions, state: enabled ? state : ('unavailable' as const) };
};
