import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Fact } from '../../../shared/fact.tsx';
import { formatDate } from '../../../shared/format/format-date.ts';
import { formatMoney } from '../../../shared/format/format-money.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { ChildrenTable, PayersTable } from '../../shared/household-tables.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { HouseholdCreditCard } from './household-credit-card.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { PayerSplitForm } from './payer-split-form.tsx';
import { AddPayerForm } from './add-payer-form.tsx';
import { FirstPickupForm } from './first-pickup-form.tsx';
import { policyTitles } from '../../shared/policy-titles.ts';
import { ChildEditForm } from './child-edit-form.tsx';
import { PayerEditForm, RemovePayerDialog } from './payer-edit-form.tsx';

export const HouseholdDetailPage = ({ householdId }: { householdId: string }) => {
  const householdQuery = useQuery(transportTrpc.billing.getHousehold.queryOptions({ household_id: householdId }));
  const currency = useQuery(transportTrpc.tenants.getPricingSettings.queryOptions()).data?.currency ?? 'USD';
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // One record open for correction at a time: a child, a payer, or a payer being removed.
  const [editing, setEditing] = useState<{ kind: 'child' | 'payer' | 'remove-payer'; id: string } | null>(null);
  const done = (text: string | null) => {
    setEditing(null);
    if (text) setNotice({ tone: 'success', text });
  };
  useDocumentTitle(householdQuery.data?.name ?? 'Household');

  return (
    <QueryView query={householdQuery} loadingLabel="Loading the household…" errorTitle="The household could not be loaded">
      {(household) => (
        <>
          <p className="breadcrumbs">
            <Link to={transportPaths.billing}>Billing</Link> / {household.name}
          </p>
          <PageHeader title={household.name} lead={household.address ?? undefined} />
          {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          <div className="detail__grid">
            <div className="detail__main">
              <section className="card">
                <dl className="facts">
                  <Fact label="Registration">
                    {household.registration_status ? <StateBadge state={household.registration_status} /> : '—'}
                  </Fact>
                  <Fact label="Weekly total">{formatMoney(household.weekly_total, currency)}</Fact>
                  <Fact label="First pickup">{formatDate(household.first_pickup_date)}</Fact>
                  <Fact label="Agreed to">{policyTitles(household.policy_acknowledged) || '—'}</Fact>
                </dl>
              </section>
              <HouseholdCreditCard householdId={household.id} />
              <section className="card" aria-labelledby="children-title">
                <h2 id="children-title" className="card__title">
                  Children
                </h2>
                <ChildrenTable
                  children={household.children}
                  currency={currency}
                  actions={(child) => (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Edit ${child.name}`}
                      onClick={() => setEditing({ kind: 'child', id: child.id })}
                    >
                      Edit
                    </button>
                  )}
                />
                {household.children
                  .filter((child) => editing?.kind === 'child' && editing.id === child.id)
                  .map((child) => (
                    <ChildEditForm key={child.id} child={child} onDone={done} />
                  ))}
              </section>
              <section className="card" aria-labelledby="payers-title">
                <h2 id="payers-title" className="card__title">
                  Payers and split
                </h2>
                <PayersTable
                  household={household}
                  currency={currency}
                  actions={(payer) => (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Edit ${payer.name}`}
                        onClick={() => setEditing({ kind: 'payer', id: payer.id })}
                      >
                        Edit
                      </button>
                      {payer.is_primary ? null : (
                        <button
                          type="button"
                          className="button button--small"
                          aria-label={`Remove ${payer.name}`}
                          onClick={() => setEditing({ kind: 'remove-payer', id: payer.id })}
                        >
                          Remove
                        </button>
                      )}
                    </>
                  )}
                />
                {household.payers
                  .filter((payer) => editing !== null && editing.kind !== 'child' && editing.id === payer.id)
                  .map((payer) =>
                    editing?.kind === 'payer' ? (
                      <PayerEditForm key={payer.id} householdId={household.id} payer={payer} onDone={done} />
                    ) : (
                      <RemovePayerDialog
                        key={payer.id}
                        householdId={household.id}
                        payer={payer}
                        onDone={(outcome) => {
                          setEditing(null);
                          setNotice(outcome);
                        }}
                      />
                    ),
                  )}
              </section>
            </div>
            <div className="detail__stack">
              <section className="card" aria-labelledby="payer-split-title">
                <h2 id="payer-split-title" className="card__title">
                  Share between payers
                </h2>
                <PayerSplitForm household={household} currency={currency} />
              </section>
              <section className="card" aria-labelledby="add-payer-title">
                <h2 id="add-payer-title" className="card__title">
                  Add a payer
                </h2>
                <AddPayerForm
                  householdId={household.id}
                  children={household.children.filter((child) => child.active)}
                  onAdded={(name) => {
                    setNotice({ tone: 'success', text: `${name} now pays for this household.` });
                  }}
                />
              </section>
              <section className="card" aria-label="First pickup">
                <FirstPickupForm
                  householdId={household.id}
                  current={household.first_pickup_date}
                  onSaved={() => {
                    setNotice({ tone: 'success', text: 'First pickup date saved.' });
                  }}
                />
              </section>
            </div>
          </div>
        </>
      )}
    </QueryView>
  );
};
