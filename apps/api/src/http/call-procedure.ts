/** Calls the procedure at a dotted path (`staff.update`) on a server-side tRPC caller. */
export const callProcedureAt = (caller: unknown, path: string, input: unknown): Promise<unknown> => {
  let target = caller;
  for (const segment of path.split('.')) {
    target = (target as Record<string, unknown>)[segment];
  }
  if (typeof target !== 'function') {
    throw new Error(`no procedure at ${path}`);
  }

  return (target as (input: unknown) => Promise<unknown>)(input);
};
