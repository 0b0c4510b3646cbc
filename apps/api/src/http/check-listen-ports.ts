import { createServer, type Server } from 'node:net';
import { reservePort } from './port-reservations.ts';

/** A port a service is about to listen on, named by the variable that sets it. */
export type PlannedListener = { variable: string; host: string; port: number };

export type PortCheck = {
  /** One line per listener that cannot listen, for an `invalid configuration:` message. */
  problems: string[];
  /** The port each variable gets: as configured, or the free one found for 0 (any free port). */
  ports: Map<string, number>;
};

const reasonOf = (error: NodeJS.ErrnoException, listener: PlannedListener): string => {
  switch (error.code) {
    case 'EADDRINUSE':
      return `${listener.variable}: port ${listener.port} on ${listener.host} is already in use by another program; stop it or choose another port`;
    case 'EACCES':
      return `${listener.variable}: port ${listener.port} needs privileges this process does not have; choose a port above 1023`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST: ${listener.host} is not an address of this machine`;
    default:
      return `${listener.variable}: cannot listen on ${listener.host}:${listener.port} (${error.code ?? error.message})`;
  }
};

const tryListen = (listener: PlannedListener): Promise<{ server: Server; port: number } | { problem: string }> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve({ problem: reasonOf(error, listener) }));
    server.listen({ port: listener.port, host: listener.host, exclusive: true }, () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : listener.port });
    });
  });

/**
 * Binds every planned port for a moment, all at once, before anything else starts: a port another
 * program holds is reported as a configuration problem instead of a stack trace after the database
 * has been opened. Holding them together also gives each 0 a different free port, and a port found
 * for a 0 stays bound (reserved) for the service that will listen on it, when nothing was refused.
 */
export const checkListenPorts = async (listeners: PlannedListener[]): Promise<PortCheck> => {
  const results = await Promise.all(listeners.map(tryListen));
  const problems: string[] = [];
  const ports = new Map<string, number>();
  results.forEach((result, index) => {
    const listener = listeners[index];
    if (!listener) {
      return;
    }
    if ('problem' in result) {
      problems.push(result.problem);
    } else {
      ports.set(listener.variable, result.port);
    }
  });
  await Promise.all(
    results.map((result, index) => {
      const listener = listeners[index];
      if (!('server' in result) || !listener) {
        return undefined;
      }
      if (listener.port === 0 && problems.length === 0) {
        reservePort(listener.host, result.port, result.server);

        return undefined;
      }

      return new Promise<void>((resolve) => result.server.close(() => resolve()));
    }),
  );

  return { problems: [...new Set(problems)], ports };
};
