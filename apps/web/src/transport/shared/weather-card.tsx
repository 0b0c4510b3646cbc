import { useQuery } from '@tanstack/react-query';
import type { Forecast } from '@switchyard/api/transport/operations/output-schemas';
import { LoadingBlock } from '../../shared/ui/loading-block.tsx';
import { transportTrpc } from './transport-client.ts';

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
            // The answer passes the provider's other fields through, which tRPC's inferred type cannot keep
            // beside the named ones; the output schema's own type names them.
            const forecast = weather.data as Forecast;
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
