import { sql } from 'kysely';

/** One attempt of a delivery, as `webhook deliveries show` lists them (attempt_log). */
export type DeliveryAttempt = {
  /** When the attempt began (ISO text). */
  startedAt: string;
  target: string;
  /** delivered; retrying (failed, another attempt is due); failed (the delivery gave up). */
  status: 'delivered' | 'retrying' | 'failed';
  durationMs: number;
  error: string | null;
};

/** Appends the attempt to the row's log in the statement that records its outcome. */
export const appendAttempt = (attempt: DeliveryAttempt | undefined) =>
  attempt === undefined ? {} : { attempt_log: sql<unknown[]>`coalesce(attempt_log, '[]'::jsonb) || ${JSON.stringify([attempt])}::jsonb` };
