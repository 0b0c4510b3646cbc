import { Fact } from '../../../shared/fact.tsx';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { transportClient } from '../../shared/transport-client.ts';
import { ThemeSummary } from './theme-summary.tsx';

/** The operator's own record and theme as families see it; changed with `switchyard tenant add`. */
export const TenantCard = ({ slug }: { slug: string }) => {
  const { state } = useRemote(() => transportClient.tenants.getTheme.query({ slug }), [slug]);

  return (
    <section className="card" aria-labelledby="tenant-card-title">
      <h2 id="tenant-card-title" className="card__title">
        Your operator
      </h2>
      <RemoteView state={state}>
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
      </RemoteView>
    </section>
  );
};
