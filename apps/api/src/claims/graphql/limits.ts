import { GRAPHQL_REQUEST_LIMITS } from '../../graphql-common/request-limits.ts';

/** What one GraphQL request may ask for: the shared request limits plus the claims lists' sizes. */
export const GRAPHQL_LIMITS = {
  ...GRAPHQL_REQUEST_LIMITS,
  /** Claims per page of `claims`. */
  maxPageSize: 100,
  defaultPageSize: 20,
  /** Claims listed under one client. */
  maxClientClaims: 25,
  defaultClientClaims: 10,
  /** Documents, notes or trail entries assumed per claim when estimating. */
  assumedChildren: 10,
  /** Points of a time series (days, weeks or months). */
  maxSeriesPoints: 120,
} as const;
