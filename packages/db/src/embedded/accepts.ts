import { connect } from 'node:net';
import { join } from 'node:path';
import { socketFileName } from './socket-server.ts';

/** Whether the owner's socket takes connections (it does not while the owner closes). */
export const accepts = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = host.startsWith('/') ? connect(join(host, socketFileName(port))) : connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
