/** Route ids are slugs of the route's name, unique per tenant: `north-loop`, `north-loop-2`, ... */

const MAX_SLUG = 60;

export const slugify = (name: string, fallback = 'route'): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');

  return slug || fallback;
};

/** The first of `base`, `base-2`, `base-3`, ... that is not taken. */
export const firstFreeSlug = (base: string, taken: ReadonlySet<string>): string => {
  if (!taken.has(base)) {
    return base;
  }
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) {
      return candidate;
    }
  }
};
