import { useQuery } from '@tanstack/react-query';
import { transportTrpc } from '../transport-client.ts';
import { mergePositions } from './bus-position.ts';
import { useLivePositions } from './use-live-positions.ts';

/** While the stream is live the list is only a safety net; without it, the list is the updates. */
const POLL_LIVE_MS = 60_000;
const POLL_ONLY_MS = 15_000;

/**
 * Every bus of the operator where it last reported: the bus list, then each `location` event of
 * GET /api/buses/live as it arrives; the list is polled too, often when the stream is down, and
 * asked again whenever a map opens (positions half a minute old are no live view).
 */
export const useTenantBuses = () => {
  const live = useLivePositions('/api/buses/live');
  const buses = useQuery({
    ...transportTrpc.operations.listBuses.queryOptions(),
    refetchInterval: live.state === 'open' ? POLL_LIVE_MS : POLL_ONLY_MS,
    refetchOnMount: 'always',
  });

  return { query: buses, buses: mergePositions(buses.data ?? [], live.positions), streamState: live.state };
};
