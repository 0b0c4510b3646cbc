import type { RestRoute } from '@switchyard/rest-adapter/route-table';
import {
  busLocationInput,
  busRefInput,
  createRouteInput,
  publicSchoolsInput,
  routeRefInput,
  updateRouteInput,
  weatherInput,
} from '@switchyard/domain/transport/operations/schemas';

const staff: Pick<RestRoute, 'access' | 'errors'> = { access: 'tenant', errors: ['unauthorized', 'forbidden'] };

/** Routes with stops, buses and schools (school-transport.md). */
export const operationsRestRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/routes', procedure: 'operations.listRoutes', input: 'none', successStatus: 200, ...staff, tags: ['routes'], summary: 'Routes of the tenant; `stops` is the stop count' },
  { method: 'POST', path: '/api/routes', procedure: 'operations.createRoute', input: 'json', successStatus: 200, ...staff, tags: ['routes'], summary: 'Create a route with ordered stops; its id is a slug of its name', inputSchema: createRouteInput },
  { method: 'GET', path: '/api/routes/{route_id}', procedure: 'operations.getRoute', input: 'none', successStatus: 200, access: 'tenant', errors: ['unauthorized', 'forbidden', 'not_found'], tags: ['routes'], summary: 'A route with its stops', inputSchema: routeRefInput },
  { method: 'PUT', path: '/api/routes/{route_id}', procedure: 'operations.updateRoute', input: 'json', successStatus: 200, access: 'tenant', errors: ['unauthorized', 'forbidden', 'not_found'], tags: ['routes'], summary: 'Change a route; `stops` replaces every stop', inputSchema: updateRouteInput },
  { method: 'DELETE', path: '/api/routes/{route_id}', procedure: 'operations.deleteRoute', input: 'none', successStatus: 200, access: 'tenant', errors: ['unauthorized', 'forbidden', 'not_found'], tags: ['routes'], summary: 'Delete a route and its stops', inputSchema: routeRefInput },
  { method: 'GET', path: '/api/buses', procedure: 'operations.listBuses', input: 'none', successStatus: 200, ...staff, tags: ['buses'], summary: 'Buses of the tenant with their last reported position' },
  { method: 'GET', path: '/api/buses/{bus_id}', procedure: 'operations.getBus', input: 'none', successStatus: 200, access: 'tenant', errors: ['unauthorized', 'forbidden', 'not_found'], tags: ['buses'], summary: 'One bus', inputSchema: busRefInput },
  { method: 'PUT', path: '/api/buses/{bus_id}/location', procedure: 'operations.reportBusLocation', input: 'json', successStatus: 200, ...staff, tags: ['buses'], summary: "A tracker's position report; an unknown bus id registers the bus", inputSchema: busLocationInput },
  { method: 'GET', path: '/api/schools', procedure: 'operations.listSchools', input: 'none', successStatus: 200, ...staff, tags: ['schools'], summary: 'Schools of the tenant, all columns' },
  { method: 'GET', path: '/api/public/schools', procedure: 'operations.listPublicSchools', input: 'query', successStatus: 200, access: 'public', errors: ['not_found'], tags: ['schools'], summary: 'Schools of the publicly resolved tenant', inputSchema: publicSchoolsInput },
  { method: 'GET', path: '/api/routes/{route_id}/conditions', procedure: 'operations.routeConditions', input: 'none', successStatus: 200, access: 'tenant', errors: ['unauthorized', 'forbidden', 'not_found'], tags: ['routes'], summary: "Traffic incidents around the route's stops (TomTom); `unavailable` when the provider fails", inputSchema: routeRefInput },
  { method: 'GET', path: '/api/health/tomtom', procedure: 'operations.trafficHealth', input: 'none', successStatus: 200, access: 'public', tags: ['health'], summary: 'Server-side ping of the traffic provider (shared for a minute; limited per address)', errors: ['rate_limited'] },
  { method: 'GET', path: '/api/weather', procedure: 'operations.getWeather', input: 'query', successStatus: 200, access: 'public', errors: ['bad_gateway', 'rate_limited'], tags: ['weather'], summary: "Open-Meteo's forecast for lat/lon (default Savannah, GA; shared for 10 minutes; limited per address)", inputSchema: weatherInput },
];
