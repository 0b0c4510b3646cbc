/** One outbound GET with the service's timeout; the outcome never carries the URL (it may hold a key). */
export type OutboundAnswer =
  { kind: 'answered'; status: number; body: unknown } | { kind: 'timeout' } | { kind: 'unreachable'; cause: string };

export const getJson = async (url: URL, timeoutMs: number): Promise<OutboundAnswer> => {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }

    return { kind: 'answered', status: response.status, body };
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return { kind: 'timeout' };
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;

    return { kind: 'unreachable', cause };
  }
};
