import { router } from '../trpc.ts';
import { listRoutes } from './procedures/list-routes.ts';
import { createRoute } from './procedures/create-route.ts';
import { getRoute } from './procedures/get-route.ts';
import { updateRoute } from './procedures/update-route.ts';
import { deleteRoute } from './procedures/delete-route.ts';
import { listBuses } from './procedures/list-buses.ts';
import { getBus } from './procedures/get-bus.ts';
import { reportBusLocation } from './procedures/report-bus-location.ts';
import { listSchools } from './procedures/list-schools.ts';
import { listPublicSchools } from './procedures/list-public-schools.ts';
import { routeConditions } from './procedures/route-conditions.ts';
import { trafficHealth } from './procedures/traffic-health.ts';
import { getWeather } from './procedures/get-weather.ts';
import { createSchool, deleteSchool, updateSchool } from './procedures/manage-schools.ts';
import { createBus } from './procedures/create-bus.ts';
import { deleteBus } from './procedures/delete-bus.ts';
import { mapSettings } from './procedures/map-settings.ts';
import { geocodeAddress } from './geocode/geocode-address.ts';
import { moveSchoolChildren } from './procedures/move-school-children.ts';

export const operationsRouter = router({
  listRoutes,
  createRoute,
  getRoute,
  updateRoute,
  deleteRoute,
  listBuses,
  getBus,
  reportBusLocation,
  listSchools,
  listPublicSchools,
  routeConditions,
  trafficHealth,
  getWeather,
  createSchool,
  updateSchool,
  deleteSchool,
  moveSchoolChildren,
  createBus,
  deleteBus,
  mapSettings,
  geocodeAddress,
});
