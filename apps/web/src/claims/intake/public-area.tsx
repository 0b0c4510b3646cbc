import { AppShell } from '../../shared/layout/app-shell.tsx';
import { CLAIMS_FOOTER } from '../shared/claims-footer.ts';
import { IntakePage } from './intake-page.tsx';

export const PublicArea = () => (
  <AppShell
    footer={CLAIMS_FOOTER}
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
