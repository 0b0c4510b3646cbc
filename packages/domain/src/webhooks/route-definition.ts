import { z } from 'zod';
import { DEFAULT_DELIVERY_TARGET, isDeliveryTarget, type DeliveryTarget } from './delivery-targets.ts';
import { parseFilters, type Filter } from './filters.ts';
import { routeNameProblem } from './route-name.ts';
import { secretProblem } from './verify-signature.ts';

/** A route as the receiver serves it, from config.yaml (static) or the subscriptions file (dynamic). */
export type WebhookRoute = {
  name: string;
  source: 'config' | 'subscription';
  description: string | undefined;
  events: string[];
  /** The route's own secret; when absent the global secret applies. */
  secret: string | undefined;
  prompt: string | undefined;
  skills: string[];
  deliver: DeliveryTarget;
  deliverOnly: boolean;
  chatId: string | undefined;
  script: string | undefined;
  filter: Filter | null;
  /** Requests per minute; when absent the global rate limit applies. */
  rateLimit: number | undefined;
  /** Agent runs of this route at once; the rest wait in the queue. Absent: only the worker's own limit. */
  maxInFlight: number | undefined;
  /** Template of the ordering key: deliveries with the same rendered key run one at a time, in order. */
  orderKey: string | undefined;
  /** Days a finished delivery's payload and prompt are kept (default 30). */
  retentionDays: number | undefined;
};

const listOrCommaText = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (typeof value === 'string' ? value.split(',') : (value ?? [])).map((item) => item.trim()).filter(Boolean));

const optionalText = z
  .string()
  .optional()
  .nullable()
  .transform((value) => (value === '' || value === null ? undefined : value));

const routeEntrySchema = z.object({
  description: optionalText,
  events: listOrCommaText,
  secret: optionalText,
  prompt: optionalText,
  skills: listOrCommaText,
  deliver: optionalText,
  deliver_only: z.boolean().optional(),
  deliver_extra: z
    .object({ chat_id: z.union([z.string(), z.number()]).optional().nullable() })
    .optional()
    .nullable(),
  script: optionalText,
  filters: z.unknown().optional(),
  rate_limit: z.number().int().positive().optional(),
  max_in_flight: z.number().int().positive().max(1000).optional().nullable(),
  order_key: optionalText,
  retention_days: z.number().int().positive().max(36500).optional().nullable(),
});

export type ParsedRoute = { ok: true; route: WebhookRoute } | { ok: false; problem: string };

/** Reads one entry of the subscriptions file or of `platforms.webhook.extra.routes`. */
export const parseRouteEntry = (name: string, raw: unknown, source: WebhookRoute['source']): ParsedRoute => {
  const nameProblem = routeNameProblem(name);
  if (nameProblem !== null) {
    return { ok: false, problem: nameProblem };
  }
  const parsed = routeEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];

    return { ok: false, problem: `route "${name}": ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim() };
  }
  const entry = parsed.data;
  const badSecret = entry.secret === undefined ? null : secretProblem(entry.secret);
  if (badSecret !== null) {
    return { ok: false, problem: `route "${name}": ${badSecret}` };
  }
  const deliver = entry.deliver ?? DEFAULT_DELIVERY_TARGET;
  if (!isDeliveryTarget(deliver)) {
    return { ok: false, problem: `route "${name}": unknown delivery target "${deliver}"` };
  }
  const deliverOnly = entry.deliver_only ?? false;
  if (deliverOnly && deliver === 'log') {
    return { ok: false, problem: `route "${name}": deliver_only needs a real target, not "log"` };
  }
  const filters = parseFilters(entry.filters);
  if (!filters.ok) {
    return { ok: false, problem: `route "${name}": ${filters.problem}` };
  }
  const chatId = entry.deliver_extra?.chat_id;

  return {
    ok: true,
    route: {
      name,
      source,
      description: entry.description,
      events: entry.events,
      secret: entry.secret,
      prompt: entry.prompt,
      skills: entry.skills,
      deliver,
      deliverOnly,
      chatId: chatId === undefined || chatId === null || chatId === '' ? undefined : String(chatId),
      script: entry.script,
      filter: filters.filter,
      rateLimit: entry.rate_limit,
      maxInFlight: entry.max_in_flight ?? undefined,
      orderKey: entry.order_key,
      retentionDays: entry.retention_days ?? undefined,
    },
  };
};
