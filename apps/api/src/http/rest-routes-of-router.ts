import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { ZodType } from 'zod';
import type { ProcedureMeta, RestRoute } from '@switchyard/rest-adapter/route-table';

type ProcedureDef = { _def: { meta?: ProcedureMeta; inputs: unknown[]; output?: unknown } };

/**
 * The REST route table of a router: every procedure that declares `meta.rest`, at its dotted
 * path. A route is derived from the procedure it serves, so a renamed or removed procedure takes
 * its route with it; a preflight names its procedure by reference and must be in the same router.
 */
export const restRoutesOf = (router: AnyTRPCRouter): RestRoute[] => {
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure & ProcedureDef>;
  const pathOf = new Map<object, string>(Object.entries(procedures).map(([path, procedure]) => [procedure, path]));
  const routes: RestRoute[] = [];
  for (const [path, procedure] of Object.entries(procedures)) {
    const rest = procedure._def.meta?.rest;
    if (!rest) {
      continue;
    }
    const { status, preflight, documentedInput, input, ...described } = rest;
    const preflightPath = preflight === undefined ? undefined : pathOf.get(preflight);
    if (preflight !== undefined && preflightPath === undefined) {
      throw new Error(`the preflight of ${path} is not a procedure of the same router`);
    }
    const inputSchema = documentedInput ?? (procedure._def.inputs.at(-1) as ZodType | undefined);
    const outputSchema = procedure._def.output as ZodType | undefined;
    routes.push({
      ...described,
      procedure: path,
      input: input ?? 'none',
      successStatus: status,
      ...(inputSchema ? { inputSchema } : {}),
      ...(outputSchema ? { outputSchema } : {}),
      ...(preflightPath ? { preflight: preflightPath } : {}),
    });
  }

  return routes;
};
