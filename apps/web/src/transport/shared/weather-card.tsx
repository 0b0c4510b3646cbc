import { useQuery } from '@tanstack/react-query';
import { LoadingBlock } from '../../shared/ui/loading-block.tsx';
import { transportTrpc } from './transport-client.ts';

type Forecast = { current?: { temperature_2m?: number; wind_speed_10m?: number; precipitation?: number }; daily?: { temperature_2m_max?: number[]; temperature_2m_min?: number[] } };

/** The forecast provider's own JSON is passed through by the API, so only known fields are read. */
const readForecast = (value: unknown): Forecast => (typeof value === 'object' && value !== null ? (value as Forecast) : {});

export const WeatherCard = ({ title, lat, lon }: { title: string; lat?: number | null; lon?: number | null }) => {
  const input = lat != null && lon != null ? { lat: String(lat), lon: String(lon) } : undefined;
  // The forecast is only a convenience: no retry and no "Try again", a short note instead.
  const weather = useQuery(transportTrpc.operations.getWeather.queryOptions(input, { retry: false }));

  return (
    <section className="card" aria-label={title}>
      <h2 className="card__title">{title}</h2>
      {weather.isPending ? <LoadingBlock label="Loading weather…" /> : null}
      {weather.isError && weather.data === undefined ? <p className="muted">The weather service is not answering right now.</p> : null}
      {weather.data !== undefined
        ? (() => {
            const forecast = readForecast(weather.data);
            const now = forecast.current;
            const high = forecast.daily?.temperature_2m_max?.[0];
            const low = forecast.daily?.temperature_2m_min?.[0];

            return (
              <dl className="facts facts--stacked">
                <div>
                  <dt>Now</dt>
                  <dd>{now?.temperature_2m != null ? `${Math.round(now.temperature_2m)} °F` : '—'}</dd>
                </div>
                <div>
                  <dt>Today</dt>
                  <dd>{high != null && low != null ? `${Math.round(low)}–${Math.round(high)} °F` : '—'}</dd>
                </div>
                <div>
                  <dt>Wind</dt>
                  <dd>{now?.wind_speed_10m != null ? `${Math.round(now.wind_speed_10m)} mph` : '—'}</dd>
                </div>
              </dl>
            );
          })()
        : null}
    </section>
  );
};
