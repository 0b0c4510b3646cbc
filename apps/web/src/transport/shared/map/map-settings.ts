import { useQuery } from '@tanstack/react-query';
import { transportTrpc } from '../transport-client.ts';

/**
 * Where tiles come from (MAP_TILE_URL on the server). Asked once per page load; while it loads, or
 * when it cannot be had, the map draws without tiles rather than waiting.
 */
export const useMapSettings = () => {
  const settings = useQuery({ ...transportTrpc.operations.mapSettings.queryOptions(), staleTime: Number.POSITIVE_INFINITY, retry: false });

  return settings.data ?? null;
};
