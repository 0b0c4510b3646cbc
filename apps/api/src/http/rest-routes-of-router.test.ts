import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { ProcedureMeta, RestMeta } from '@switchyard/rest-adapter/route-table';
import { restRoutesOf } from './rest-routes-of-router.ts';

const t = initTRPC.meta<ProcedureMeta>().create();
const input = z.object({ id: z.string() });
const output = z.object({ ok: z.boolean() });
const check = t.procedure.input(input).query(() => null);
const rest: RestMeta = {
  method: 'POST',
  path: '/api/things/{id}/files',
  status: 201,
  input: 'multipart',
  access: 'public',
  tags: ['things'],
  summary: 'Upload',
};

describe('restRoutesOf', () => {
  it('derives each route from the procedure that declares it, at its path in the router', () => {
    const upload = t.procedure
      .meta({ rest: { ...rest, preflight: check } })
      .input(input)
      .output(output)
      .mutation(() => ({ ok: true }));
    const routes = restRoutesOf(t.router({ things: t.router({ check, upload }), hidden: t.procedure.query(() => 1) }));
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      procedure: 'things.upload',
      preflight: 'things.check',
      successStatus: 201,
      input: 'multipart',
      path: '/api/things/{id}/files',
    });
    expect(routes[0]?.inputSchema).toBe(input);
    expect(routes[0]?.outputSchema).toBe(output);
  });

  it('follows a renamed procedure, so no route can name one that is gone', () => {
    const upload = t.procedure
      .meta({ rest })
      .input(input)
      .mutation(() => ({ ok: true }));
    expect(restRoutesOf(t.router({ renamed: t.router({ uploadFile: upload }) }))[0]?.procedure).toBe('renamed.uploadFile');
  });

  it('refuses a preflight that is not a procedure of the same router', () => {
    const upload = t.procedure
      .meta({ rest: { ...rest, preflight: check } })
      .input(input)
      .mutation(() => ({ ok: true }));
    expect(() => restRoutesOf(t.router({ upload }))).toThrow(/preflight of upload/);
  });
});
