import type { CodeHost } from './code-host.ts';
import { headerValue, type HeaderBag } from './headers.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The event name of a request: code-host headers first, then the payload's own type fields. */
export const resolveEventType = (headers: HeaderBag, payload: unknown): string =>
  headerValue(headers, 'x-github-event') ??
  headerValue(headers, 'x-gitlab-event') ??
  (isRecord(payload) ? (nonEmptyString(payload.event_type) ?? nonEmptyString(payload.type)) : undefined) ??
  'unknown';

/** Which code host sent the request, judged by its event header. */
export const eventSource = (headers: HeaderBag): CodeHost | null => {
  if (headerValue(headers, 'x-github-event') !== undefined) {
    return 'github';
  }
  if (headerValue(headers, 'x-gitlab-event') !== undefined) {
    return 'gitlab';
  }

  return null;
};

/**
 * Whether a route's `events` list lets the event through. GitLab's header holds phrases such as
 * "Merge Request Hook", so for GitLab requests the payload's `object_kind` ("merge_request") matches too.
 */
export const eventAllowed = (events: readonly string[], eventType: string, headers: HeaderBag, payload: unknown): boolean => {
  if (events.length === 0) {
    return true;
  }
  if (events.includes(eventType)) {
    return true;
  }
  if (headerValue(headers, 'x-gitlab-event') !== undefined && isRecord(payload)) {
    const kind = nonEmptyString(payload.object_kind);

    return kind !== undefined && events.includes(kind);
  }

  return false;
};

/**
 * GitHub's `ping`, sent once when a webhook is created, carries no event to act on: a route runs
 * an agent or posts a message for it only when its `events` name `ping` outright.
 */
export const isUnrequestedPing = (events: readonly string[], headers: HeaderBag): boolean =>
  headerValue(headers, 'x-github-event') === 'ping' && !events.includes('ping');

/** `--events` as typed on the command line: comma-separated, blanks dropped. */
export const parseEventList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((event) => event.trim())
    .filter((event) => event !== '');
