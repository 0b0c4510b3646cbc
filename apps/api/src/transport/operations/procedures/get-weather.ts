import { weatherInput } from '@switchyard/domain/transport/operations/schemas';
import { publicProcedure } from '../../trpc.ts';
import { fetchForecast } from '../weather-provider.ts';
import { weatherOutput } from '../output-schemas.ts';

export const getWeather = publicProcedure.meta({ rest: { method: 'GET', path: '/api/weather', status: 200, input: 'query', access: 'public', tags: ['weather'], summary: "Open-Meteo's forecast for lat/lon (default Savannah, GA)", errors: ['bad_gateway'] } }).output(weatherOutput).input(weatherInput).query(({ ctx, input }) => fetchForecast(ctx.env, input.lat, input.lon));
