const ROUTE_NAME = /^[a-z0-9][a-z0-9_-]*$/;
const MAX_ROUTE_NAME_LENGTH = 64;

/** A route name ends up in a URL path and in file keys, so only a small alphabet is allowed. */
export const routeNameProblem = (name: string): string | null => {
  if (name.length > MAX_ROUTE_NAME_LENGTH) {
    return `invalid name "${name}": at most ${MAX_ROUTE_NAME_LENGTH} characters`;
  }
  if (!ROUTE_NAME.test(name)) {
    return `invalid name "${name}": use lower-case letters, digits, "-" and "_", starting with a letter or digit`;
  }

  return null;
};

export const isValidRouteName = (name: string): boolean => routeNameProblem(name) === null;
