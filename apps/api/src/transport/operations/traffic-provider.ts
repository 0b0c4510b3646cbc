import { readIncidents, type TrafficIncident } from '@switchyard/domain/transport/operations/route-conditions';
import { WEATHER_DEFAULT_LOCATION } from '@switchyard/domain/transport/operations/schemas';
import type { Env } from '../../env.ts';
import { getJson, type OutboundAnswer } from './outbound-json.ts';

const INCIDENT_FIELDS =
  '{incidents{type,properties{id,iconCategory,magnitudeOfDelay,events{description,code,iconCategory},startTime,endTime,from,to,length,delay}}}';

type TrafficEnv = Pick<Env, 'TOMTOM_API_KEY' | 'TOMTOM_URL' | 'TRANSPORT_HTTP_TIMEOUT_MS'>;

/** TomTom Traffic Incident Details v5 for one bounding box (`minLon,minLat,maxLon,maxLat`). */
const incidentDetails = (env: TrafficEnv, key: string, bbox: string, fields: string): Promise<OutboundAnswer> => {
  const url = new URL('/traffic/services/5/incidentDetails', env.TOMTOM_URL);
  url.searchParams.set('key', key);
  url.searchParams.set('bbox', bbox);
  url.searchParams.set('fields', fields);
  url.searchParams.set('language', 'en-US');
  url.searchParams.set('timeValidityFilter', 'present');

  return getJson(url, env.TRANSPORT_HTTP_TIMEOUT_MS);
};

export type IncidentsOutcome = { ok: true; incidents: TrafficIncident[] } | { ok: false; reason: string };

const describeFailure = (answer: OutboundAnswer): string => {
  switch (answer.kind) {
    case 'timeout':
      return 'TomTom did not answer in time';
    case 'unreachable':
      return `TomTom is unreachable (${answer.cause})`;
    case 'answered':
      return `TomTom answered HTTP ${answer.status}`;
  }
};

export const fetchIncidents = async (env: TrafficEnv, bbox: string): Promise<IncidentsOutcome> => {
  if (!env.TOMTOM_API_KEY) {
    return { ok: false, reason: 'TOMTOM_API_KEY is not set' };
  }
  const answer = await incidentDetails(env, env.TOMTOM_API_KEY, bbox, INCIDENT_FIELDS);
  if (answer.kind !== 'answered' || answer.status !== 200) {
    return { ok: false, reason: describeFailure(answer) };
  }
  const incidents = readIncidents(answer.body);

  return incidents ? { ok: true, incidents } : { ok: false, reason: 'TomTom answered an unexpected body' };
};

export type TrafficHealth = { ok: boolean; status: number; detail: string };

/** A key and connectivity check: a tiny box around the default location, asking only incident types. */
export const pingTrafficProvider = async (env: TrafficEnv): Promise<TrafficHealth> => {
  if (!env.TOMTOM_API_KEY) {
    return { ok: false, status: 0, detail: 'TOMTOM_API_KEY is not set' };
  }
  const { lat, lon } = WEATHER_DEFAULT_LOCATION;
  const bbox = [lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01].map((value) => value.toFixed(4)).join(',');
  const answer = await incidentDetails(env, env.TOMTOM_API_KEY, bbox, '{incidents{type}}');
  if (answer.kind !== 'answered') {
    return { ok: false, status: 0, detail: describeFailure(answer) };
  }
  const ok = answer.status === 200;

  return { ok, status: answer.status, detail: ok ? 'TomTom traffic API reachable' : describeFailure(answer) };
};
