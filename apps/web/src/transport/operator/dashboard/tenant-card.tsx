import { useQuery } from '@tanstack/react-query';
import { Fact } from '../../../shared/fact.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { ThemeSummary } from './theme-summary.tsx';

/** The operator's own record and theme as families see it; changed with `switchyard tenant add`. */
export const TenantCard = ({ slug }: { slug: string }) => {
  const operator = useQuery(transportTrpc.tenants.getTheme.queryOptions({ slug }));

  return (
    <section className="card" aria-labelledby="tenant-card-title">
      <h2 id="tenant-card-title" className="card__title">
        Your operator
      </h2>
      <QueryView query={operator} errorTitle="The operator could not be loaded">
        {(theme) => (
          <dl className="facts facts--stacked">
            <Fact label="Name">{theme.name}</Fact>
            <Fact label="Code for families">
              <code>{theme.tenant_id}</code>
            </Fact>
            <Fact label="Plan">{theme.tier}</Fact>
            <Fact label="Domain">{theme.domain ?? '—'}</Fact>
            <Fact label="Theme">
              <ThemeSummary theme={theme.theme} />
            </Fact>
          </dl>
        )}
      </QueryView>
    </section>
  );
};
