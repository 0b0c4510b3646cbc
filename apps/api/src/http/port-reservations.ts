import type { Server } from 'node:net';

/**
 * Ports found for a 0 (any free port) stay bound from the startup check until the service that
 * asked for them listens, which takes over the bound socket. Closing them in between left the port
 * free while the database opened, for any other program to take first. Kept per process: these are
 * this process's own sockets.
 */
const reservations = new Map<string, Server>();

const keyOf = (host: string, port: number): string => `${host}:${port}`;

/** Holds a bound socket for later; it does not keep the process alive on its own. */
export const reservePort = (host: string, port: number, server: Server): void => {
  server.unref();
  reservations.set(keyOf(host, port), server);
};

/** The bound socket held for this address, once: the caller listens on it (`server.listen(reserved)`). */
export const takeReservedPort = (host: string, port: number): Server | undefined => {
  const key = keyOf(host, port);
  const server = reservations.get(key);
  reservations.delete(key);

  return server;
};
