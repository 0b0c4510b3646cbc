import { weatherInput } from '@switchyard/domain/transport/operations/schemas';
import { publicProcedure } from '../../trpc.ts';
import { fetchForecast } from '../weather-provider.ts';

export const getWeather = publicProcedure.input(weatherInput).query(({ ctx, input }) => fetchForecast(ctx.env, input.lat, input.lon));
