export type ReceiverProcessesInput = {
  /** WEBHOOK_RECEIVER_PROCESSES, when set. */
  configured: number | undefined;
  /** True with DATABASE_URL (PostgreSQL); false for the embedded database. */
  serverDatabase: boolean;
  cpuCount: number;
};

export type ReceiverProcesses = { ok: true; count: number } | { ok: false; problem: string };

/** Beyond this many the processes mostly compete for the same cores and database. */
export const DEFAULT_MAX_RECEIVER_PROCESSES = 4;

/**
 * How many HTTP processes `gateway run` starts. The embedded database has a single owner, so it
 * allows one. On PostgreSQL the default is one per two cores (at least one, at most four): one
 * Node process answers on one core, and the database, the delivery worker and the system need the
 * others. Measured on two cores shared with PostgreSQL, a second process made the receiver slower
 * (smaller batches, more commits, both competing with PostgreSQL for the same cores).
 */
export const receiverProcessCount = (input: ReceiverProcessesInput): ReceiverProcesses => {
  if (!input.serverDatabase) {
    if (input.configured !== undefined && input.configured > 1) {
      return {
        ok: false,
        problem: 'WEBHOOK_RECEIVER_PROCESSES above 1 needs DATABASE_URL: the embedded database has a single owner',
      };
    }

    return { ok: true, count: 1 };
  }
  if (input.configured !== undefined) {
    return { ok: true, count: input.configured };
  }

  return { ok: true, count: Math.max(1, Math.min(DEFAULT_MAX_RECEIVER_PROCESSES, Math.floor(input.cpuCount / 2))) };
};
