import { z } from 'zod';
import { slugify } from './route-slug.ts';
import { busId, createRouteInput, latitude, longitude, LIMITS, schoolInput, slugId } from './schemas.ts';

/**
 * The file `switchyard tenant import <slug> <file.json>` reads: schools, buses and routes with
 * their stops. Every list is optional; an entry whose id exists in the tenant replaces it.
 */
export const IMPORT_LIMITS = { schools: 1000, buses: 1000, routes: 500 } as const;

const importedBus = z.strictObject({
  id: busId,
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
  heading: z.number().min(0).max(360).nullable().optional(),
  speed: z.number().min(0).max(LIMITS.maxSpeed).nullable().optional(),
});

// An import has no operator to confirm an override: riders that do not fit refuse the file.
const importedRoute = createRouteInput.omit({ override: true }).extend({ id: slugId.optional() });

const withIds = <T extends { id?: string | undefined; name: string }>(entries: T[], fallback: string) =>
  entries.map((entry) => ({ ...entry, id: entry.id ?? slugify(entry.name, fallback) }));

const noDuplicateIds = (list: string) => (entries: { id: string }[], context: z.RefinementCtx) => {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.id)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `the id "${entry.id}" appears twice in ${list}; give the entries distinct ids`,
      });
    }
    seen.add(entry.id);
  });
};

export const tenantImportFile = z.strictObject({
  schools: z
    .array(schoolInput)
    .max(IMPORT_LIMITS.schools)
    .default([])
    .transform((schools) => withIds(schools, 'school'))
    .superRefine(noDuplicateIds('schools')),
  buses: z.array(importedBus).max(IMPORT_LIMITS.buses).default([]).superRefine(noDuplicateIds('buses')),
  routes: z
    .array(importedRoute)
    .max(IMPORT_LIMITS.routes)
    .default([])
    .transform((routes) => withIds(routes, 'route'))
    .superRefine(noDuplicateIds('routes')),
});

export type TenantImportFile = z.infer<typeof tenantImportFile>;

/** The first problem of a refused file as one line: `routes.0.stops.2.lat: Too big: ...`. */
export const describeImportProblem = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) {
    return 'the file is not valid';
  }
  const path = issue.path.join('.');
  const message = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';

  return `${path ? `${path}: ` : ''}${message}${more}`;
};
