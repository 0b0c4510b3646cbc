import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { ExclusiveSessions, type HoldTimer } from './exclusive-sessions.ts';

/** libpq and node-postgres find a server's socket as `<host>/.s.PGSQL.<port>`. */
export const SOCKET_PORT = 5432;
export const socketFileName = (port: number): string => `.s.PGSQL.${port}`;
/** sun_path holds 108 bytes with its terminating zero on Linux (104 on macOS). */
const MAX_SOCKET_PATH = 103;
const IDLE_HOLD_LIMIT_MS = 30_000;
const DRAIN_LIMIT_MS = 5_000;

export type SocketServer = {
  /** libpq's host (the socket's directory, or 127.0.0.1) and port. */
  host: string;
  port: number;
  /** Clients whose next message waits for the database while another holds it (for readiness and tests). */
  waiting(): number;
  /** Stops accepting, lets running transactions finish (for a while), then ends every connection. */
  close(): Promise<void>;
};

/**
 * Serves the open PGlite database over the PostgreSQL wire protocol with pglite-socket's
 * connection handler, on a unix socket in DATA_DIR (readable by this user only) or, when that
 * path is too long for a socket, on a loopback port.
 */
export const serveOverSocket = async (
  pglite: PGlite,
  dataDir: string,
  limits: { idleHoldLimitMs?: number; holdTimer?: HoldTimer } = {},
): Promise<SocketServer> => {
  const sockets = new Map<number, Socket>();
  const sessions = new ExclusiveSessions(pglite, {
    idleHoldLimitMs: limits.idleHoldLimitMs ?? IDLE_HOLD_LIMIT_MS,
    holdTimer: limits.holdTimer,
    disconnect: (id) => sockets.get(id)?.destroy(),
  });
  const server = createServer((socket) => {
    const handler = new PGLiteSocketHandler({
      // Stands in for pglite-socket's own queue, whose per-message scheduling lets sessions interleave.
      queryQueue: sessions as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    sockets.set(handler.handlerId, socket);
    socket.once('close', () => sockets.delete(handler.handlerId));
    handler.attach(socket).catch(() => socket.destroy());
  });
  const socketPath = join(dataDir, socketFileName(SOCKET_PORT));
  const useSocketFile = Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH;
  let host: string;
  let port: number;
  if (useSocketFile) {
    // A dead owner's socket file is left behind; this process owns the directory now.
    rmSync(socketPath, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    chmodSync(socketPath, 0o600);
    host = dataDir;
    port = SOCKET_PORT;
  } else {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    host = '127.0.0.1';
    port = (server.address() as { port: number }).port;
  }

  return {
    host,
    port,
    waiting: () => sessions.waiting,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const deadline = Date.now() + DRAIN_LIMIT_MS;
      while (!sessions.quiet && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const socket of sockets.values()) {
        socket.destroy();
      }
      await closed;
      // Each closed connection's handler rolls back what it left open; let them run first.
      const settled = Date.now() + DRAIN_LIMIT_MS;
      while (!sessions.quiet && Date.now() < settled) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (useSocketFile) {
        rmSync(socketPath, { force: true });
      }
    },
  };
};
