import { useQuery } from '@tanstack/react-query';
import { transportTrpc } from '../transport-client.ts';

/**
 * Where this tenant's maps open when they have nothing of their own to show: its home area (set in
 * Settings, else the middle of its stops). Undefined while loading; null when it cannot be had and
 * for a tenant with neither: the map then shows the whole world rather than somebody else's town.
 */
export const useHomeArea = () => {
  const home = useQuery({ ...transportTrpc.tenants.getHomeAreaSettings.queryOptions(), staleTime: 5 * 60_000, retry: false });

  if (home.isError) {
    return null;
  }

  return home.data === undefined ? undefined : home.data.home_area;
};
