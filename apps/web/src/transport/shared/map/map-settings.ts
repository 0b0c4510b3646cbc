import { useQuery } from '@tanstack/react-query';
import { transportTrpc } from '../transport-client.ts';

/**
 * Where tiles come from (MAP_TILE_URL on the server). Asked once per page load; while it loads, or
 * when it cannot be had, the map draws without tiles rather than waiting.
 */
export const useMapSettings = () => {
  const settings = useQuery({ ...transportTrpc.operations.mapSettings.queryOptions(), staleTime: Number.POSITIVE_INFINITY, retry: false });

  // A failed answer counts as "no tiles", so the map says its background is missing.
  return settings.isError ? { tile_url: null, attribution: '', geocoder: false } : (settings.data ?? null);
};
