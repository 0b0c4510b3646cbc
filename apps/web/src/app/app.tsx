import { PublicArea } from '../claims/intake/public-area.tsx';
import { PortalArea } from '../claims/portal/portal-area.tsx';
import { StaffArea } from '../claims/staff/staff-area.tsx';
import { useLocation } from '../shared/router/use-location.ts';

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Each area owns its layout and its pages; other services' areas are added here by path prefix. */
export const App = () => {
  const { pathname } = useLocation();
  if (isUnder(pathname, '/staff')) {
    return <StaffArea />;
  }
  if (isUnder(pathname, '/portal')) {
    return <PortalArea />;
  }

  return <PublicArea />;
};
