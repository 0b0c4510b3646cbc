/**
 * Whether a process with this pid runs; EPERM means it does, as another user. Used by the embedded
 * database's owner lock and the webhook CLI's file locks.
 */
export const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);

    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
