import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { formatSchoolHours } from '../../shared/format-school-hours.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { SchoolForm } from './school-form.tsx';
import { RemoveSchoolDialog } from './remove-school-dialog.tsx';
import { EMPTY_SCHOOL, schoolToValues } from './school-values.ts';

export const SchoolsPage = () => {
  useDocumentTitle('Schools');
  const schools = useQuery(transportTrpc.operations.listSchools.queryOptions());
  const createSchool = useMutation(transportTrpc.operations.createSchool.mutationOptions({ onSuccess: afterOperationsChange }));
  const updateSchool = useMutation(transportTrpc.operations.updateSchool.mutationOptions({ onSuccess: afterOperationsChange }));
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Schools"
        lead="Families pick their children’s school from this list when they register."
      />
      <section className="card" aria-labelledby="add-school-title">
        <h2 id="add-school-title" className="card__title">
          Add a school
        </h2>
        <SchoolForm
          idPrefix="new-school-"
          initial={EMPTY_SCHOOL}
          submitLabel="Add school"
          onSave={async (request) => {
            const school = await createSchool.mutateAsync(request);
            setNotice({ tone: 'success', text: `${school.name} was added.` });
          }}
        />
      </section>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <QueryView query={schools} loadingLabel="Loading schools…" errorTitle="The schools could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No schools yet" />
          ) : (
            <ul className="item-list" aria-label="Schools">
              {rows.map((school) => (
                <li key={school.id} className="card item" aria-label={school.name}>
                  {editing === school.id ? (
                    <SchoolForm
                      idPrefix={`school-${school.id}-`}
                      initial={schoolToValues(school)}
                      submitLabel="Save school"
                      onCancel={() => setEditing(null)}
                      onSave={async (request) => {
                        await updateSchool.mutateAsync({ school_id: school.id, ...request });
                        setEditing(null);
                        setNotice({ tone: 'success', text: `${request.name} was saved.` });
                      }}
                    />
                  ) : (
                    <div className="item__row">
                      <div>
                        <h3 className="item__title">{school.name}</h3>
                        <p className="muted">
                          {[school.address, formatSchoolHours(school)].filter(Boolean).join(' · ') || 'No address or hours yet'}
                        </p>
                      </div>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setEditing(school.id)}
                          aria-label={`Edit ${school.name}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setRemoving(school.id)}
                          aria-label={`Remove ${school.name}`}
                        >
                          Remove
                        </button>
                      </div>
                      {removing === school.id ? (
                        <RemoveSchoolDialog
                          school={school}
                          others={rows.filter((other) => other.id !== school.id)}
                          onDone={(outcome) => {
                            setRemoving(null);
                            setNotice(outcome);
                          }}
                        />
                      ) : null}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
};
