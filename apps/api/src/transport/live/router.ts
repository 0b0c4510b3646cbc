import { router } from '../trpc.ts';
import { busesLive } from './procedures/buses-live.ts';
import { routeEta } from './procedures/route-eta.ts';
import { familyTrips } from './procedures/family-trips.ts';
import { familyLive } from './procedures/family-live.ts';

export const liveRouter = router({ busesLive, routeEta, familyTrips, familyLive });
