import { AppShell } from '../../shared/layout/app-shell.tsx';
import { useLocation } from '../../shared/router/use-location.ts';
import { CLAIMS_FOOTER } from '../shared/claims-footer.ts';
import { TermsPage } from '../terms/terms-page.tsx';
import { TERMS_PATH } from '../terms/terms-path.ts';
import { IntakePage } from './intake-page.tsx';

export const PublicArea = () => {
  const { pathname } = useLocation();

  return (
    <AppShell
      footer={CLAIMS_FOOTER}
      area="Claims"
      homeHref="/"
      nav={[
        { to: '/', label: 'Submit a claim' },
        { to: '/portal/sign-in', label: 'Client sign-in' },
      ]}
    >
      {pathname === TERMS_PATH ? <TermsPage /> : <IntakePage />}
    </AppShell>
  );
};
