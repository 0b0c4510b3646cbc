import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serveOverSocket, type SocketServer } from './socket-server.ts';
import type { HoldTimer } from './exclusive-sessions.ts';

const IDLE_HOLD_LIMIT_MS = 1_500;

/** A bare wire-protocol client: startup, then whatever messages the test writes, socket left open. */
const rawClient = async (): Promise<{ send(type: string, body?: Buffer): void; answered(): Promise<void>; socket: Socket }> => {
  const socket = connect(join(server.host, `.s.PGSQL.${server.port}`));
  let received = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    // ReadyForQuery: 'Z', length 5, status.
    if (received.length >= 6 && received[received.length - 6] === 0x5a) {
      received = Buffer.alloc(0);
      waiting?.();
    }
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  const answered = () => new Promise<void>((resolve) => (waiting = resolve));
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196608, 4);
  const started = answered();
  socket.write(Buffer.concat([startup, params]));
  await started;
  const send = (type: string, body = Buffer.alloc(0)) => {
    const header = Buffer.alloc(5);
    header.write(type, 0);
    header.writeInt32BE(4 + body.length, 1);
    socket.write(Buffer.concat([header, body]));
  };

  return { send, answered, socket };
};

let dir: string;
let pglite: PGlite;
let server: SocketServer;
const clients: pg.Client[] = [];

const client = async (): Promise<pg.Client> => {
  const opened = new pg.Client({ host: server.host, port: server.port, user: 'postgres', database: 'postgres' });
  opened.on('error', () => undefined);
  await opened.connect();
  clients.push(opened);

  return opened;
};

const names = async () => (await pglite.query<{ name: string }>('select name from t order by name')).rows.map((row) => row.name);

/** The hold limit's countdowns the server started, which the tests expire by hand instead of waiting them out. */
type Countdown = { ms: number; expire: () => void; cancelled: boolean };
let countdowns: Countdown[] = [];
const steppedHoldTimer: HoldTimer = (onExpiry, ms) => {
  const countdown: Countdown = { ms, expire: onExpiry, cancelled: false };
  countdowns.push(countdown);

  return () => (countdown.cancelled = true);
};

/** A promise with a flag that says whether it has settled. */
const watched = <T>(promise: Promise<T>) => {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );

  return state;
};

/** Resolves once `reading()` reaches `count`, turning the event loop between looks; names what it waited for if it never does. */
const reaches = async (reading: () => number, count: number, what: string): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (reading() < count) {
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} ${what}, saw ${reading()}`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/** Resolves once `count` client sessions wait in the server's queue for the database. */
const queued = (count: number): Promise<void> => reaches(() => server.waiting(), count, 'waiting sessions');

/** Resolves once the server has started `count` hold-limit countdowns. */
const countdownsStarted = (count: number): Promise<void> => reaches(() => countdowns.length, count, 'hold-limit countdowns');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-sessions-'));
  pglite = await PGlite.create();
  await pglite.exec('create table t (name text primary key)');
}, 60_000);

afterAll(async () => {
  await pglite?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await pglite.exec('delete from t');
  countdowns = [];
  server = await serveOverSocket(pglite, dir, { idleHoldLimitMs: IDLE_HOLD_LIMIT_MS, holdTimer: steppedHoldTimer });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((opened) => opened.end().catch(() => undefined)));
  await server.close();
});

describe('one PGlite served to several clients and to its own process', () => {
  it('runs nothing inside a client transaction: the process and other clients wait, and its rollback takes only its rows', async () => {
    const a = await client();
    const b = await client();
    await a.query('begin');
    await a.query("insert into t values ('a1')");
    const inProcess = watched(pglite.query("insert into t values ('p1')"));
    const other = watched(b.query("insert into t values ('b1')"));
    // b's statement has arrived and queues behind a's transaction.
    await queued(1);
    // a's next statement runs to its answer while neither the process nor b got in.
    await a.query("insert into t values ('a2')");
    expect(inProcess.settled).toBe(false);
    expect(other.settled).toBe(false);
    await a.query('rollback');
    await Promise.all([inProcess.promise, other.promise]);
    expect(await names()).toEqual(['b1', 'p1']);
  });

  it('runs no client statement inside a transaction of the process', async () => {
    const b = await client();
    let clientWrite: Promise<unknown> | undefined;
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query("insert into t values ('p1')");
        const write = watched(b.query("insert into t values ('b1')"));
        clientWrite = write.promise;
        // b's statement has arrived and queues; the transaction's own next statement still runs first.
        await queued(1);
        await tx.query('select 1');
        expect(write.settled).toBe(false);
        throw new Error('the process rolls back');
      }),
    ).rejects.toThrow('the process rolls back');
    await clientWrite;
    expect(await names()).toEqual(['b1']);
  });

  it("keeps clients' extended-query statements apart: concurrent parameterised statements all get their own answers", async () => {
    const all = await Promise.all(Array.from({ length: 4 }, () => client()));
    const answers = await Promise.all(
      all.map(async (opened, k) => {
        const rows: unknown[] = [];
        for (let i = k * 100; i < k * 100 + 20; i++) {
          rows.push((await opened.query('select $1::int * 2 as doubled, $2::text as label', [i, `n${i}`])).rows[0]);
        }

        return rows;
      }),
    );
    answers.forEach((rows, k) =>
      expect(rows).toEqual(Array.from({ length: 20 }, (_, j) => ({ doubled: (k * 100 + j) * 2, label: `n${k * 100 + j}` }))),
    );
  });

  it('rolls back what a client that vanished left open, and the others go on', async () => {
    const a = await client();
    const b = await client();
    await a.query('begin');
    await a.query("insert into t values ('a1')");
    const other = b.query("insert into t values ('b1')");
    a.connection.stream.destroy();
    await other;
    await pglite.query("insert into t values ('p1')");
    expect(await names()).toEqual(['b1', 'p1']);
    expect(pglite.isInTransaction()).toBe(false);
  });

  it('disconnects a client that holds a transaction open without a word past the limit', async () => {
    const a = await client();
    await a.query('begin');
    await a.query("insert into t values ('a1')");
    const write = watched(pglite.query("insert into t values ('p1')"));
    // The quiet holder's countdown runs at the configured limit, and the others wait for it ...
    await countdownsStarted(1);
    expect(countdowns[0]?.ms).toBe(IDLE_HOLD_LIMIT_MS);
    expect(write.settled).toBe(false);
    // ... until it runs out: the holder is disconnected and its transaction rolled back.
    countdowns[0]?.expire();
    await write.promise;
    await expect(a.query('commit')).rejects.toThrow();
    expect(await names()).toEqual(['p1']);
  });

  it('lets a client that said Terminate hold nothing while its socket is still open', async () => {
    const idle = await rawClient();
    idle.send('X');
    const inTransaction = await rawClient();
    const begun = inTransaction.answered();
    inTransaction.send('Q', Buffer.from("begin; insert into t values ('x1');\0"));
    await begun;
    inTransaction.send('X');
    // No countdown is ever expired here, so the write getting through shows the Terminate let the database go.
    await pglite.query("insert into t values ('p1')");
    expect(countdowns.every((countdown) => countdown.cancelled)).toBe(true);
    expect(await names()).toEqual(['p1']);
    idle.socket.destroy();
    inTransaction.socket.destroy();
  });
});
