import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { Fact } from '../../../shared/fact.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { Link } from '../../../shared/router/link.tsx';
import { useLocation } from '../../../shared/router/use-location.ts';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { WeatherCard } from '../../shared/weather-card.tsx';
import { routeModeLabel } from '../../shared/route-mode-label.ts';
import { RouteConditionsCard } from './route-conditions-card.tsx';
import { RouteForm } from './route-form.tsx';
import { routeToValues } from './route-values.ts';
import { StopsTable } from './stops-table.tsx';
import { RouteRidersCard } from './route-riders-card.tsx';
import { RouteLiveCards } from './route-live-cards.tsx';
import { RouteRunsCard } from './route-runs-card.tsx';
import { RouteFitCard } from './route-fit-card.tsx';

export const RouteDetailPage = ({ routeId }: { routeId: string }) => {
  const { searchParams } = useLocation();
  const routeQuery = useQuery(transportTrpc.operations.getRoute.queryOptions({ route_id: routeId }));
  const updateRoute = useMutation(transportTrpc.operations.updateRoute.mutationOptions({ onSuccess: afterOperationsChange }));
  // On success the page is left at once; the lists it leaves for are refetched then.
  const deleteRoute = useMutation(transportTrpc.operations.deleteRoute.mutationOptions({ onSuccess: afterOperationsChange }));
  const [isEditing, setIsEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    searchParams.get('created') ? { tone: 'success', text: 'Route created.' } : null,
  );
  useDocumentTitle(routeQuery.data?.name ?? 'Route');

  const remove = async () => {
    try {
      await deleteRoute.mutateAsync({ route_id: routeId });
      navigate(transportPaths.routes, { replace: true });
    } catch (error) {
      setNotice({ tone: 'error', text: readAppError(error).message });
      void routeQuery.refetch();
    }
  };

  return (
    <QueryView query={routeQuery} loadingLabel="Loading the route…" errorTitle="The route could not be loaded">
      {(route) => {
        const firstFix = route.stops.find((stop) => stop.lat != null && stop.lng != null);

        return (
          <>
            <p className="breadcrumbs">
              <Link to={transportPaths.routes}>Routes</Link> / {route.id}
            </p>
            <PageHeader
              title={route.name}
              actions={
                <div className="row-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      // A "Route saved." from the last edit must not stand beside the next one.
                      setNotice(null);
                      setIsEditing((value) => !value);
                    }}
                  >
                    {isEditing ? 'Close editor' : 'Edit route'}
                  </button>
                  {confirmDelete ? (
                    <button type="button" className="button button--danger" disabled={deleteRoute.isPending} onClick={() => void remove()}>
                      {deleteRoute.isPending ? 'Deleting…' : 'Yes, delete this route'}
                    </button>
                  ) : (
                    <button type="button" className="button" onClick={() => setConfirmDelete(true)}>
                      Delete route
                    </button>
                  )}
                </div>
              }
            />
            {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
            {isEditing ? (
              <section className="card route-editor" aria-label="Edit route">
                <RouteForm
                  initial={routeToValues(route)}
                  runs={route.runs}
                  submitLabel="Save route"
                  onSave={async (request) => {
                    await updateRoute.mutateAsync({ ...request, route_id: routeId });
                    setIsEditing(false);
                    setNotice({ tone: 'success', text: 'Route saved.' });
                  }}
                />
              </section>
            ) : null}
            <div className="detail__grid">
              <div className="detail__main">
                <section className="card">
                  <dl className="facts">
                    <Fact label="Status">
                      <StateBadge state={route.status} />
                    </Fact>
                    <Fact label="Runs">{routeModeLabel(route.mode)}</Fact>
                    <Fact label="Bus">{route.bus_id ?? '—'}</Fact>
                    <Fact label="Driver">{route.driver ?? '—'}</Fact>
                    <Fact label="Miles">{route.miles ?? '—'}</Fact>
                    <Fact label="Stops">{route.stop_count}</Fact>
                  </dl>
                </section>
                <RouteLiveCards route={route} />
                <section className="card card--flush">
                  <StopsTable stops={route.stops} />
                </section>
                <RouteRunsCard route={route} />
                <RouteFitCard route={route} />
                <RouteRidersCard route={route} />
              </div>
              <div className="detail__stack">
                <RouteConditionsCard routeId={route.id} />
                <WeatherCard title="Weather on the route" lat={firstFix?.lat} lon={firstFix?.lng} />
              </div>
            </div>
          </>
        );
      }}
    </QueryView>
  );
};
