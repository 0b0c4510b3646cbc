import type { RateDecision } from '@switchyard/domain/webhooks/rate-limit-window';

/** What the gateway's primary process tells an HTTP process. */
export type PrimaryMessage =
  | { kind: 'start'; adminToken: string }
  | { kind: 'rate-decisions'; batch: number; decisions: RateDecision[] }
  | { kind: 'stop' };

/** What an HTTP process tells the primary. */
export type WorkerMessage =
  /** Sent once the process listens for messages: anything sent before would be lost. */
  | { kind: 'ready' }
  | { kind: 'listening'; port: number; routes: number }
  | { kind: 'failed'; code: string | null; message: string }
  | { kind: 'rate-hits'; batch: number; hits: { route: string; limit: number }[] }
  | { kind: 'nudge' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const isPrimaryMessage = (value: unknown): value is PrimaryMessage =>
  isObject(value) && (value.kind === 'start' || value.kind === 'rate-decisions' || value.kind === 'stop');

export const isWorkerMessage = (value: unknown): value is WorkerMessage =>
  isObject(value) && (value.kind === 'ready' || value.kind === 'listening' || value.kind === 'failed' || value.kind === 'rate-hits' || value.kind === 'nudge');
