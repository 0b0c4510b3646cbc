/** `/portal/claims/:claimNumber` against `/portal/claims/CLM-2026-0001` -> `{ claimNumber: 'CLM-2026-0001' }`. */
export const matchPath = (pattern: string, pathname: string): Record<string, string> | null => {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) {
    return null;
  }
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const actual = pathParts[index] ?? '';
    if (part.startsWith(':')) {
      params[part.slice(1)] = decodeURIComponent(actual);
    } else if (part !== actual) {
      return null;
    }
  }

  return params;
};
