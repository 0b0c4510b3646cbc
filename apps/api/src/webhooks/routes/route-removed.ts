/** The reason a delivery fails when its route is no longer served (removed, or gone from the files). */
export const ROUTE_REMOVED = 'route removed';
