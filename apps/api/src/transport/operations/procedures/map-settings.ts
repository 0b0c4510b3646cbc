import { publicProcedure } from '../../trpc.ts';
import { mapSettingsOutput } from '../output-schemas.ts';

/**
 * Where the web app's maps take their background from (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). tRPC
 * only: it is the page's own configuration, not part of the documented API. `tile_url` null means
 * no tiles: the map draws on a plain background. `geocoder` false: the address fields say search is off.
 */
export const mapSettings = publicProcedure.output(mapSettingsOutput).query(({ ctx }) => ({
  tile_url: ctx.env.MAP_TILE_URL?.template ?? null,
  attribution: ctx.env.MAP_TILE_ATTRIBUTION,
  geocoder: ctx.geocoder !== null,
}));
