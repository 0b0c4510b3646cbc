import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { useLocation } from '../../../shared/router/use-location.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { HouseholdCard } from './household-card.tsx';
import { FamilyTrips } from '../trips/family-trips.tsx';

export const HouseholdPage = () => {
  useDocumentTitle('My household');
  const { searchParams } = useLocation();
  const households = useQuery(transportTrpc.billing.myHouseholds.queryOptions());
  const justRegistered = searchParams.get('registered') === '1';

  return (
    <>
      <PageHeader
        eyebrow="Family"
        title="My household"
        actions={
          <Link className="button" to={transportPaths.familyRegister}>
            Register children
          </Link>
        }
      />
      <QueryView query={households} loadingLabel="Loading your household…" errorTitle="Your household could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No household yet">
              <p>
                Registrations you send while signed in to this account show here.{' '}
                <Link to={transportPaths.familyRegister}>Register your children</Link>.
              </p>
            </EmptyState>
          ) : (
            <div className="stack">
              {justRegistered && rows.some((household) => household.registration_status === 'pending') ? (
                <FormAlert tone="success" title="Registration sent">
                  The operator will review it. Once it is approved you receive the registration fee by email, and it shows below with a
                  payment link.
                </FormAlert>
              ) : null}
              <FamilyTrips hasApprovedHousehold={rows.some((household) => household.registration_status === 'approved')} />
              {rows.map((household) => (
                <HouseholdCard key={household.id} household={household} />
              ))}
            </div>
          )
        }
      </QueryView>
    </>
  );
};
