import type { RestRoute } from '@switchyard/rest-adapter/route-table';

export const identityRestRoutes: RestRoute[] = [];
