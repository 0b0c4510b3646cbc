import type { IncomingMessage } from 'node:http';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { STAFF_ROLES, type SessionUser } from '@switchyard/domain/transport/session-user';
import { findTenant, type TenantRow } from '@switchyard/db/transport/tenants';
import { createTransportContext, type TransportServices } from '../context.ts';
import { optionalUser } from '../trpc.ts';
import { forbiddenError, notFoundError, unauthorizedError } from '../../graphql-common/graphql-errors.ts';
import { createTenantLoaders, type TenantLoaders } from './loaders.ts';
import { chooseTenant, couldBeTenant } from './tenant-access.ts';

/** The transport REST API's refusals, answered with the same messages here. */
export const invalidTokenError = () => unauthorizedError('Invalid token');
export const staffOnlyError = () => forbiddenError('Forbidden');

export type GraphqlContext = {
  /** The signed-in user behind the bearer token; null without a token or with one the provider refuses. */
  viewer: SessionUser | null;
  /** Operators, admins and platform administrators read; parents and users without a role do not. */
  isStaff: boolean;
  /** One entity manager per request, shared by every resolver and loader of that request. */
  em: SqlEntityManager;
  /** The service clock read once, so every report in one answer is as of the same instant. */
  now: Date;
  /** The tenant a report reads, checked once per request for each value of its `tenant` argument. */
  tenantFor(requested: string | null | undefined): Promise<TenantRow>;
  /** Batched reads of one tenant, made the first time a field of that tenant needs them. */
  loadersFor(tenantId: string): TenantLoaders;
};

/** The user behind a request's bearer token, asked for once per request (see createViewerLookup). */
export type ViewerLookup = (req: IncomingMessage) => Promise<SessionUser | null>;

/**
 * The token is checked exactly as the REST API checks it (identity provider, `demo-` fallback when
 * enabled), so an impersonation token, which the provider does not know, is refused here as on
 * the REST tenant endpoints. The answer is kept per request: access is decided before the query is
 * parsed, and the context built later reads the same user without asking the provider again.
 */
export const createViewerLookup = (services: TransportServices): ViewerLookup => {
  const viewers = new WeakMap<IncomingMessage, Promise<SessionUser | null>>();

  return (req) => {
    let viewer = viewers.get(req);
    if (!viewer) {
      viewer = optionalUser(createTransportContext(services, req, null));
      viewers.set(req, viewer);
    }

    return viewer;
  };
};

export const isStaffViewer = (viewer: SessionUser | null): boolean =>
  viewer?.role != null && (STAFF_ROLES as readonly string[]).includes(viewer.role);

export const createGraphqlContext = async (
  services: TransportServices,
  req: IncomingMessage,
  viewerOf: ViewerLookup,
): Promise<GraphqlContext> => {
  const transport = createTransportContext(services, req, null);
  const viewer = await viewerOf(req);
  // The request's one entity manager, the one its transport context carries.
  const { em } = transport;
  const tenants = new Map<string, Promise<TenantRow>>();
  const loaders = new Map<string, TenantLoaders>();

  const readTenant = async (requested: string | null | undefined): Promise<TenantRow> => {
    if (!viewer) {
      throw invalidTokenError();
    }
    const choice = chooseTenant(viewer, requested, transport.tenantHints);
    if (!choice.allowed) {
      throw staffOnlyError();
    }
    const tenant = couldBeTenant(choice.tenantId) ? await findTenant(em, choice.tenantId) : null;
    if (!tenant) {
      throw notFoundError('Tenant not found');
    }

    return tenant;
  };

  return {
    viewer,
    isStaff: isStaffViewer(viewer),
    em,
    now: services.now(),
    tenantFor: (requested) => {
      const key = requested ?? '';
      const known = tenants.get(key);
      if (known) {
        return known;
      }
      const read = readTenant(requested);
      tenants.set(key, read);

      return read;
    },
    loadersFor: (tenantId) => {
      const known = loaders.get(tenantId);
      if (known) {
        return known;
      }
      const made = createTenantLoaders(em, tenantId);
      loaders.set(tenantId, made);

      return made;
    },
  };
};
