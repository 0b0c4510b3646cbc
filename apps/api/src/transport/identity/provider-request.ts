import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * One HTTP exchange with the identity provider, answer read whole. Every signed-in request makes
 * one (the token check), so this is plain `node:http` on kept-alive connections rather than
 * `fetch`, which costs about three times the CPU per call for the same exchange. The agents close
 * an idle connection before the server's announced keep-alive time runs out; a GET whose reused
 * connection was closed by the server anyway is sent once more on a new one (it changes nothing).
 */
const agents = {
  'http:': new HttpAgent({ keepAlive: true, scheduling: 'lifo' }),
  'https:': new HttpsAgent({ keepAlive: true, scheduling: 'lifo' }),
};

export type ProviderExchange = { method: string; headers: Record<string, string>; body?: string; timeoutMs: number };
export type ProviderReply = { status: number; text: string };

const once = (url: URL, exchange: ProviderExchange, deadline: number): Promise<ProviderReply> =>
  new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      reject(new Error(`unsupported protocol ${url.protocol}`));

      return;
    }
    const headers =
      exchange.body === undefined ? exchange.headers : { ...exchange.headers, 'Content-Length': String(Buffer.byteLength(exchange.body)) };
    const options = { method: exchange.method, headers, agent: agents[secure ? 'https:' : 'http:'] };
    const onResponse = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', fail);
    };
    const req: ClientRequest = secure ? httpsRequest(url, options, onResponse) : httpRequest(url, options, onResponse);
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${exchange.timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
    function fail(error: Error) {
      clearTimeout(timer);
      reject(Object.assign(error, { reusedSocket: req.reusedSocket }));
    }
    req.on('error', fail);
    req.end(exchange.body);
  });

export const providerRequest = async (url: URL, exchange: ProviderExchange): Promise<ProviderReply> => {
  const deadline = Date.now() + exchange.timeoutMs;
  try {
    return await once(url, exchange, deadline);
  } catch (error) {
    const { code, reusedSocket } = error as { code?: string; reusedSocket?: boolean };
    if (exchange.method === 'GET' && reusedSocket && code === 'ECONNRESET' && Date.now() < deadline) {
      return once(url, exchange, deadline);
    }
    throw error;
  }
};
