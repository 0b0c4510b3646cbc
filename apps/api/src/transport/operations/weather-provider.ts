import { DomainError } from '@switchyard/domain/errors';
import type { Env } from '../../env.ts';
import { getJson } from './outbound-json.ts';
import { type Forecast, weatherOutput } from './output-schemas.ts';

const CURRENT =
  'temperature_2m,relative_humidity_2m,apparent_temperature,is_day,precipitation,weather_code,wind_speed_10m,wind_direction_10m';
const DAILY = 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,sunrise,sunset';

/** Open-Meteo's forecast for one point, in US units and the point's own time zone; 502 when it fails. */
export const fetchForecast = async (
  env: Pick<Env, 'WEATHER_URL' | 'TRANSPORT_HTTP_TIMEOUT_MS'>,
  lat: number,
  lon: number,
): Promise<Forecast> => {
  const url = new URL('/v1/forecast', env.WEATHER_URL);
  url.searchParams.set('latitude', String(lat));
  url.searchParams.set('longitude', String(lon));
  url.searchParams.set('current', CURRENT);
  url.searchParams.set('daily', DAILY);
  url.searchParams.set('temperature_unit', 'fahrenheit');
  url.searchParams.set('wind_speed_unit', 'mph');
  url.searchParams.set('precipitation_unit', 'inch');
  url.searchParams.set('timezone', 'auto');
  const answer = await getJson(url, env.TRANSPORT_HTTP_TIMEOUT_MS);
  if (answer.kind === 'timeout') {
    throw new DomainError('bad_gateway', 'Weather provider did not answer in time');
  }
  if (answer.kind === 'unreachable') {
    throw new DomainError('bad_gateway', 'Weather provider is unreachable');
  }
  if (answer.status !== 200 || typeof answer.body !== 'object' || answer.body === null || Array.isArray(answer.body)) {
    throw new DomainError('bad_gateway', `Weather provider failed (HTTP ${answer.status})`);
  }
  // A forecast whose readings are not numbers is the provider's fault, not ours: 502, not 500.
  const forecast = weatherOutput.safeParse(answer.body);
  if (!forecast.success) {
    throw new DomainError('bad_gateway', 'Weather provider answered no readable forecast');
  }

  return forecast.data;
};
