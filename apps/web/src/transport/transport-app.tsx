import { useEffect } from 'react';
import { useLocation } from '../shared/router/use-location.ts';
import { AdminArea } from './admin/admin-area.tsx';
import { FamilyArea } from './family/family-area.tsx';
import { OperatorArea } from './operator/operator-area.tsx';
import { PublicArea } from './public/public-area.tsx';
import { rememberOperatorFromAddress } from './public/remember-operator.ts';

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Families, operators and platform administrators each have an area, picked by path prefix. */
export const TransportApp = () => {
  const { pathname, searchParams } = useLocation();
  const tenantHint = searchParams.get('tenant');
  useEffect(() => {
    if (tenantHint) {
      void rememberOperatorFromAddress(tenantHint);
    }
  }, [tenantHint]);

  if (isUnder(pathname, '/operator')) {
    return <OperatorArea pathname={pathname} />;
  }
  if (isUnder(pathname, '/admin')) {
    return <AdminArea pathname={pathname} />;
  }
  if (isUnder(pathname, '/family')) {
    return <FamilyArea pathname={pathname} />;
  }

  return <PublicArea pathname={pathname} />;
};
