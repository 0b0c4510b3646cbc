import { request, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../packages/db/src/orm.ts';
import { startOperationsHarness, type OperationsHarness } from './operations-harness.ts';

/** One Server-Sent Event as a viewer receives it. */
export type ReceivedEvent = { event: string; id: string | null; data: any };

export type EventStreamClient = {
  status: number;
  headers: IncomingMessage['headers'];
  events: ReceivedEvent[];
  comments: string[];
  /** The JSON body of a refused opening. */
  body: any;
  /**
   * Resolves with the first event (already received or to come) that matches; rejects after
   * `timeoutMs`, a bound for a slow, busy machine, not the service's promise of speed.
   */
  next(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /**
   * Resolves once two more keep-alive comments have arrived. The stream's keep-alive interval
   * (TRANSPORT_LIVE_KEEPALIVE_MS, 200 in these tests) is longer than its gathering window (100), and
   * the server's timers fire in order, so every position the server had gathered for this stream
   * before the call has been written by then: a check that nothing arrived waits for this event.
   */
  settled(): Promise<void>;
  close(): void;
};

/** Opens an event stream the way a browser's EventSource does, and collects what arrives. */
export const openEventStream = (
  baseUrl: string,
  path: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
    if (options.token) {
      headers.Authorization = `Bearer ${options.token}`;
    }
    const req = request(`${baseUrl}${path}`, { headers }, (res) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters: { predicate: (event: ReceivedEvent) => boolean; resolve: (event: ReceivedEvent) => void }[] = [];
      // Each answers whether it is done; called after every comment line.
      let keepAliveWaiters: (() => boolean)[] = [];
      let buffer = '';
      const client: EventStreamClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        body: null,
        next: (predicate, timeoutMs = 10_000) => {
          const found = events.find(predicate);
          if (found) {
            return Promise.resolve(found);
          }

          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(
              () => rejectEvent(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
              timeoutMs,
            );
            waiters.push({
              predicate,
              resolve: (event) => {
                clearTimeout(timer);
                resolveEvent(event);
              },
            });
          });
        },
        settled: () => {
          const target = comments.filter((comment) => comment === 'keep-alive').length + 2;

          return new Promise((resolveSettled, rejectSettled) => {
            const timer = setTimeout(() => rejectSettled(new Error('no two keep-alives within 10 s')), 10_000);
            keepAliveWaiters.push(() => {
              if (comments.filter((comment) => comment === 'keep-alive').length >= target) {
                clearTimeout(timer);
                resolveSettled();

                return true;
              }

              return false;
            });
          });
        },
        close: () => {
          req.destroy();
        },
      };
      res.setEncoding('utf8');
      if (!(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          client.body = text ? JSON.parse(text) : null;
          resolve(client);
        });

        return;
      }
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const fields = { event: 'message', id: null as string | null, data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comments.push(line.slice(1).trim());
              keepAliveWaiters = keepAliveWaiters.filter((done) => !done());
            } else if (line.startsWith('event: ')) {
              fields.event = line.slice(7);
            } else if (line.startsWith('id: ')) {
              fields.id = line.slice(4);
            } else if (line.startsWith('data: ')) {
              fields.data += line.slice(6);
            }
          }
          if (fields.data) {
            const event = { event: fields.event, id: fields.id, data: JSON.parse(fields.data) };
            events.push(event);
            for (const waiter of waiters.filter((candidate) => candidate.predicate(event))) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      res.on('error', () => undefined);
      resolve(client);
    });
    req.on('error', (error) => {
      if ((error as { code?: string }).code !== 'ECONNRESET') {
        reject(error);
      }
    });
    req.end();
  });

/** The identity provider's id of the user behind a token (what the service sees as `user.id`). */
export const userIdOf = async (h: OperationsHarness, token: string): Promise<string> => {
  const response = await fetch(`${h.identity.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${token}`, apikey: 'x' } });

  return ((await response.json()) as { id: string }).id;
};

/** An approved household of `userId` with one child and a primary payer; answers the child's id. */
export const addFamily = async (
  db: Database,
  options: { tenantId?: string; userId: string | null; childName: string; email: string; status?: 'approved' | 'pending' },
): Promise<{ childId: string; householdId: string }> => {
  const tenantId = options.tenantId ?? 'demo';
  const householdId = randomUUID();
  const childId = randomUUID();
  const em = db.fork();
  await em.execute('insert into transport_household (id, tenant_id, name, submitted_by_user_id) values (?, ?, ?, ?)', [
    householdId,
    tenantId,
    `${options.childName} family`,
    options.userId,
  ]);
  await em.execute('insert into transport_payer (id, tenant_id, household_id, name, email, is_primary) values (?, ?, ?, ?, ?, true)', [
    randomUUID(),
    tenantId,
    householdId,
    `${options.childName}'s parent`,
    options.email,
  ]);
  await em.execute(
    "insert into transport_child (id, tenant_id, household_id, name, transport_need, trip_type, rate_weekly_cents) values (?, ?, ?, ?, 'both', 'two_way', 17500)",
    [childId, tenantId, householdId, options.childName],
  );
  await em.execute(
    'insert into transport_registration (id, tenant_id, household_id, status, parent_name, parent_email) values (?, ?, ?, ?, ?, ?)',
    [householdId, tenantId, householdId, options.status ?? 'approved', `${options.childName}'s parent`, options.email],
  );

  return { childId, householdId };
};

/** Three stops about 1.1 km apart going north, at 07:00, 07:05 and 07:10 UTC. */
export const northStops = (riders: unknown[][] = [[], [], []]) => [
  { name: 'First', address: '1 First St', lat: 32.0, lng: -81.1, time: '07:00', riders: riders[0] ?? [] },
  { name: 'Second', address: '2 Second St', lat: 32.01, lng: -81.1, time: '07:05', riders: riders[1] ?? [] },
  { name: 'Third', address: '3 Third St', lat: 32.02, lng: -81.1, time: '07:10', riders: riders[2] ?? [] },
];

export const startLiveHarness = (overrides: Record<string, string> = {}) =>
  startOperationsHarness({ TRANSPORT_LIVE_KEEPALIVE_MS: '200', ...overrides });

export const at = (iso: string) => new Date(iso);
