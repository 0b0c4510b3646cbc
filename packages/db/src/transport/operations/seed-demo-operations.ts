import type { SqlEntityManager } from '@mikro-orm/sql';
import { db } from '../../kysely.ts';
import { saveBus } from './buses.ts';
import { saveRouteWithId, type StopValues } from './routes.ts';
import { saveSchool, type SchoolValues } from './schools.ts';

const DEMO_TENANT = 'demo';

// Savannah, GA: the default weather location of the service, so the demo map, weather and traffic agree.
const SCHOOLS: SchoolValues[] = [
  { id: 'hesse-k8', name: 'Hesse K-8 School', address: '9116 Whitfield Ave, Savannah, GA 31406', start_time: '07:45', end_time: '14:45' },
  {
    id: 'jacob-g-smith-elementary',
    name: 'Jacob G. Smith Elementary',
    address: '210 Lamara Dr, Savannah, GA 31405',
    start_time: '07:55',
    end_time: '14:30',
  },
  {
    id: 'savannah-arts-academy',
    name: 'Savannah Arts Academy',
    address: '500 Washington Ave, Savannah, GA 31405',
    start_time: '08:30',
    end_time: '15:30',
  },
];

const stop = (name: string, address: string, lat: number, lng: number, time: string, riders: string[] = []): StopValues => ({
  name,
  address,
  lat,
  lng,
  time,
  riders,
});

const ROUTES = [
  {
    id: 'southside-morning',
    name: 'Southside Morning',
    bus_id: 'bus-101',
    driver: 'Denise Walker',
    mode: 'morning' as const,
    status: 'active' as const,
    miles: 11.4,
    stops: [
      stop('Abercorn St & DeRenne Ave', 'Abercorn St & E DeRenne Ave, Savannah, GA 31405', 32.0085, -81.104, '07:05', [
        'Maya J.',
        'Eli R.',
      ]),
      stop('White Bluff Rd & Windsor Rd', 'White Bluff Rd & Windsor Rd, Savannah, GA 31419', 31.9893, -81.1032, '07:15', ['Noah T.']),
      stop('Montgomery Crossroad & Waters Ave', 'Montgomery Cross Rd & Waters Ave, Savannah, GA 31406', 31.9961, -81.0893, '07:25', [
        'Ava L.',
      ]),
      stop('Hesse K-8 School', '9116 Whitfield Ave, Savannah, GA 31406', 31.9829, -81.0917, '07:35'),
    ],
  },
  {
    id: 'midtown-loop',
    name: 'Midtown Loop',
    bus_id: 'bus-102',
    driver: 'Marcus Green',
    mode: 'both' as const,
    status: 'active' as const,
    miles: 7.8,
    stops: [
      stop('Forsyth Park (Whitaker St)', 'Whitaker St & W Gaston St, Savannah, GA 31401', 32.0672, -81.0958, '07:40', [
        'Liam K.',
        'Zoe P.',
      ]),
      stop('Daffin Park', '1301 E Victory Dr, Savannah, GA 31404', 32.0445, -81.0756, '07:52', ['Isaiah M.']),
      stop('Jacob G. Smith Elementary', '210 Lamara Dr, Savannah, GA 31405', 32.0286, -81.1306, '08:05'),
      stop('Savannah Arts Academy', '500 Washington Ave, Savannah, GA 31405', 32.0469, -81.0886, '08:15'),
    ],
  },
];

const DEMO_TIME_ZONE = 'America/New_York';

const BUSES = [
  { id: 'bus-101', lat: 32.0085, lng: -81.104, heading: 180, speed: 0 },
  { id: 'bus-102', lat: 32.0672, lng: -81.0958, heading: 90, speed: 0 },
  { id: 'bus-103', lat: 32.0349, lng: -81.0998, heading: 0, speed: 0 },
];

/**
 * Fills the demo tenant with sample schools, two routes with stops and three buses, once: when the
 * tenant has any school, bus or route already (seeded before, or entered by an operator), nothing
 * is written, so this may run at every start and never brings back what an operator deleted.
 * Answers whether it wrote the samples.
 */
export const seedDemoOperations = (em: SqlEntityManager, now: Date = new Date()): Promise<boolean> =>
  em.transactional(async (tx) => {
    const existing = await db(tx)
      .selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(eb.selectFrom('transport_school').select('id').where('tenant_id', '=', DEMO_TENANT)),
            eb.exists(eb.selectFrom('transport_bus').select('id').where('tenant_id', '=', DEMO_TENANT)),
            eb.exists(eb.selectFrom('transport_route').select('id').where('tenant_id', '=', DEMO_TENANT)),
          ])
          .as('found'),
      )
      .executeTakeFirst();
    if (existing?.found) {
      return false;
    }
    // The sample stop times are Savannah's clock times.
    await db(tx).updateTable('transport_tenant').set({ time_zone: DEMO_TIME_ZONE }).where('id', '=', DEMO_TENANT).execute();
    for (const school of SCHOOLS) {
      await saveSchool(tx, DEMO_TENANT, school, false);
    }
    for (const bus of BUSES) {
      await saveBus(tx, DEMO_TENANT, bus, { replace: false, lastUpdate: now });
    }
    for (const { id, stops, ...route } of ROUTES) {
      await saveRouteWithId(tx, DEMO_TENANT, id, { ...route, stops }, { replace: false, now });
    }

    return true;
  });
