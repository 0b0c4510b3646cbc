import type { PGlite } from '@electric-sql/pglite';
import { protocol } from '@electric-sql/pglite';

/**
 * Schedules the wire-protocol messages of the socket's clients onto the one PGlite backend.
 *
 * PGlite runs a single session. pglite-socket's own queue runs each message under PGlite's query
 * mutex, which leaves two holes: the in-process path (the service's own requests, which hold
 * PGlite's transaction mutex for a statement or a whole transaction) can run inside a client's
 * open transaction and a client's message inside the service's, and two clients' extended-query
 * messages (Parse, Bind, Execute ... Sync) can interleave and replace each other's unnamed
 * statement. Here a client holds the database from its first message until the backend answers
 * ReadyForQuery with status idle, under PGlite's transaction mutex: nothing else runs inside a
 * client's statement or transaction, and a client never runs inside anyone else's.
 *
 * This object stands in for pglite-socket's queue (PGLiteSocketHandler calls enqueue,
 * clearQueueForHandler and clearTransactionIfNeeded on it).
 */

type Message = {
  bytes: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (size: number) => void;
  reject: (error: Error) => void;
};
type Session = { id: number; messages: Message[]; closing: boolean; cleaned: Array<() => void> };

/** ReadyForQuery ('Z', length 5) with transaction status idle ('I'). */
const READY_IDLE = Uint8Array.of(0x5a, 0, 0, 0, 5, 0x49);
const QUERY = 0x51;
const SYNC = 0x53;
const COPY_DONE = 0x63;
const COPY_FAIL = 0x66;
const TERMINATE = 0x58;
/** The frontend messages after which the backend answers ReadyForQuery (0 starts the startup message). */
const ENDS_WITH_READY = new Set([QUERY, SYNC, COPY_DONE, COPY_FAIL, 0]);

const endsIdle = (tail: Uint8Array): boolean => tail.length === READY_IDLE.length && tail.every((byte, i) => byte === READY_IDLE[i]);

const lastBytes = (tail: Uint8Array, chunk: Uint8Array): Uint8Array => {
  const joined = new Uint8Array(tail.length + chunk.length);
  joined.set(tail);
  joined.set(chunk, tail.length);

  return joined.slice(-READY_IDLE.length);
};

/** Starts the hold limit's countdown and returns what cancels it (tests pass one they fire themselves). */
export type HoldTimer = (onExpiry: () => void, ms: number) => () => void;

const realHoldTimer: HoldTimer = (onExpiry, ms) => {
  const timer = setTimeout(onExpiry, ms);
  // The countdown alone must not keep the process alive.
  timer.unref();

  return () => clearTimeout(timer);
};

export type ExclusiveSessionsOptions = {
  /**
   * A client that holds the database inside a transaction and sends nothing for this long is
   * disconnected (and its transaction rolled back), since everyone else waits for it.
   */
  idleHoldLimitMs: number;
  /** Ends a client's connection; its handler then clears the session here. */
  disconnect: (sessionId: number) => void;
  /** The countdown of the hold limit; a real timer unless a test steps it. */
  holdTimer?: HoldTimer;
};

export class ExclusiveSessions {
  readonly #db: PGlite;
  readonly #options: ExclusiveSessionsOptions;
  readonly #sessions = new Map<number, Session>();
  /** Sessions with messages, waiting for the database in arrival order. */
  #waiting: number[] = [];
  #holder: { id: number; release: () => void } | null = null;
  #driving = false;
  /** The next session waits for PGlite's own lock (behind the process's transaction). */
  #acquiring = false;
  #cancelIdleTimer: (() => void) | undefined;

  constructor(db: PGlite, options: ExclusiveSessionsOptions) {
    this.#db = db;
    this.#options = options;
  }

  /** Clients with a message waiting for the database (not the one holding it), the next one included. */
  get waiting(): number {
    return this.#waiting.length + (this.#acquiring ? 1 : 0);
  }

  /** No client holds or waits for the database. */
  get quiet(): boolean {
    return this.#holder === null && this.#waiting.length === 0;
  }

  enqueue(handlerId: number, bytes: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const session = this.#session(handlerId);
    if (session.closing) {
      return Promise.reject(new Error('the connection is closing'));
    }
    if (bytes[0] === TERMINATE) {
      // PGlite answers nothing to Terminate, and the client closes its socket next; waiting for the
      // database for it would hold everyone up until the socket really closes. Inside a
      // transaction it means the client gives up: end the connection, which rolls it back.
      if (this.#holder?.id === handlerId) {
        this.#options.disconnect(handlerId);
      }

      return Promise.resolve(0);
    }

    return new Promise<number>((resolve, reject) => {
      session.messages.push({ bytes, onData, resolve, reject });
      if (this.#holder?.id === handlerId) {
        this.#clearIdleTimer();
      } else if (!this.#waiting.includes(handlerId)) {
        this.#waiting.push(handlerId);
      }
      void this.#drive();
    });
  }

  clearQueueForHandler(handlerId: number): void {
    const session = this.#sessions.get(handlerId);
    if (!session) {
      return;
    }
    session.closing = true;
    for (const message of session.messages.splice(0)) {
      message.reject(new Error('the connection closed'));
    }
    this.#waiting = this.#waiting.filter((id) => id !== handlerId);
  }

  /** Resolves once a closed connection's open transaction, if any, is rolled back. */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    const session = this.#sessions.get(handlerId);
    if (!session) {
      return Promise.resolve();
    }
    session.closing = true;
    if (this.#holder?.id !== handlerId) {
      // A session that does not hold the database is between transactions: nothing to undo.
      this.#sessions.delete(handlerId);

      return Promise.resolve();
    }

    return new Promise<void>((resolve) => {
      session.cleaned.push(resolve);
      void this.#drive();
    });
  }

  #session(id: number): Session {
    let session = this.#sessions.get(id);
    if (!session) {
      session = { id, messages: [], closing: false, cleaned: [] };
      this.#sessions.set(id, session);
    }

    return session;
  }

  /** Waits for PGlite's transaction mutex (behind the service's running transactions) and keeps it. */
  #acquire(): Promise<() => void> {
    return new Promise((acquired) => {
      void this.#db._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release)));
    });
  }

  #clearIdleTimer(): void {
    this.#cancelIdleTimer?.();
    this.#cancelIdleTimer = undefined;
  }

  #releaseHolder(): void {
    this.#clearIdleTimer();
    this.#holder?.release();
    this.#holder = null;
  }

  #forget(session: Session): void {
    this.#sessions.delete(session.id);
    session.cleaned.splice(0).forEach((done) => done());
  }

  async #drive(): Promise<void> {
    if (this.#driving) {
      return;
    }
    this.#driving = true;
    try {
      for (;;) {
        if (!this.#holder) {
          const next = this.#waiting.shift();
          if (next === undefined) {
            return;
          }
          this.#acquiring = true;
          const release = await this.#acquire();
          this.#acquiring = false;
          this.#holder = { id: next, release };
        }
        const holder = this.#holder;
        const session = this.#sessions.get(holder.id);
        if (!session || session.closing) {
          await this.#rollBackAbandoned();
          this.#releaseHolder();
          if (session) {
            this.#forget(session);
          }
          continue;
        }
        const message = session.messages.shift();
        if (!message) {
          // Inside a transaction (or an extended-query batch before its Sync): keep the database
          // for this client's next message, but not forever. Other clients' arrivals do not
          // restart the clock.
          if (this.#cancelIdleTimer === undefined) {
            const start = this.#options.holdTimer ?? realHoldTimer;
            this.#cancelIdleTimer = start(() => this.#options.disconnect(holder.id), this.#options.idleHoldLimitMs);
          }

          return;
        }
        const idle = await this.#run(message);
        if (idle) {
          this.#releaseHolder();
          if (session.closing) {
            this.#forget(session);
          } else if (session.messages.length > 0) {
            // Pipelined messages after this point wait their turn behind the others.
            this.#waiting.push(session.id);
          }
        }
      }
    } finally {
      this.#driving = false;
    }
  }

  /** Runs one message; answers whether the backend is now idle, outside any transaction. */
  async #run(message: Message): Promise<boolean> {
    let tail: Uint8Array = new Uint8Array(0);
    let size = 0;
    try {
      await this.#db.runExclusive(() =>
        this.#db.execProtocolRawStream(message.bytes, {
          onRawData: (data) => {
            size += data.length;
            tail = lastBytes(tail, data);
            message.onData(data);
          },
        }),
      );
    } catch (error) {
      message.reject(error as Error);

      return !this.#db.isInTransaction();
    }
    message.resolve(size);
    return ENDS_WITH_READY.has(message.bytes[0] ?? -1) && endsIdle(tail);
  }

  /**
   * Ends what a vanished client left open: a ROLLBACK ends a transaction block or an extended-query
   * batch; a Sync ends the skipping after an error (which ignores the first ROLLBACK); the second
   * ROLLBACK ends a block that was failed.
   */
  async #rollBackAbandoned(): Promise<void> {
    const rollback = protocol.serialize.query('ROLLBACK');
    for (const bytes of [rollback, protocol.serialize.sync(), rollback]) {
      await this.#db.runExclusive(() => this.#db.execProtocolRawStream(bytes, { onRawData: () => undefined }));
    }
  }
}
