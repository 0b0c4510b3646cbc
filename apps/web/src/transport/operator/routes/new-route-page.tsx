import { useMutation } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { RouteForm } from './route-form.tsx';
import { EMPTY_ROUTE } from './route-values.ts';

export const NewRoutePage = () => {
  useDocumentTitle('New route');
  const createRoute = useMutation(transportTrpc.operations.createRoute.mutationOptions({ onSuccess: afterOperationsChange }));

  return (
    <>
      <PageHeader
        eyebrow="Routes"
        title="New route"
        lead="Stops are ridden in the order listed. Coordinates let the console check traffic along the route."
      />
      <section className="card">
        <RouteForm
          initial={EMPTY_ROUTE}
          submitLabel="Create route"
          onSave={async (request) => {
            const route = await createRoute.mutateAsync(request);
            navigate(`${transportPaths.route(route.id)}?created=1`, { replace: true });
          }}
        />
      </section>
    </>
  );
};
