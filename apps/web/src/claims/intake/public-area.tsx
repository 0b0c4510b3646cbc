import { AppShell } from '../../shared/layout/app-shell.tsx';
import { IntakePage } from './intake-page.tsx';

export const PublicArea = () => (
  <AppShell
    area="Claims"
    homeHref="/"
    nav={[
      { to: '/', label: 'Submit a claim' },
      { to: '/portal/sign-in', label: 'Client sign-in' },
    ]}
  >
    <IntakePage />
  </AppShell>
);
