import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { formatSchoolHours } from '../../shared/format-school-hours.ts';
import { transportClient } from '../../shared/transport-client.ts';
import { SchoolForm } from './school-form.tsx';
import { EMPTY_SCHOOL, schoolToValues } from './school-values.ts';

export const SchoolsPage = () => {
  useDocumentTitle('Schools');
  const { state, reload } = useRemote(() => transportClient.operations.listSchools.query(), []);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const remove = async (id: string, name: string) => {
    try {
      await transportClient.operations.deleteSchool.mutate({ school_id: id });
      setNotice({ tone: 'success', text: `${name} was removed.` });
      reload();
    } catch (error) {
      setNotice({ tone: 'error', text: readAppError(error).message });
    }
  };

  return (
    <>
      <PageHeader eyebrow="Operator console" title="Schools" lead="Families pick their children’s school from this list when they register." />
      <section className="card" aria-labelledby="add-school-title">
        <h2 id="add-school-title" className="card__title">
          Add a school
        </h2>
        <SchoolForm
          idPrefix="new-school-"
          initial={EMPTY_SCHOOL}
          submitLabel="Add school"
          onSave={async (request) => {
            const school = await transportClient.operations.createSchool.mutate(request);
            setNotice({ tone: 'success', text: `${school.name} was added.` });
            reload();
          }}
        />
      </section>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <RemoteView state={state} loadingLabel="Loading schools…">
        {(schools) =>
          schools.length === 0 ? (
            <EmptyState title="No schools yet" />
          ) : (
            <ul className="item-list" aria-label="Schools">
              {schools.map((school) => (
                <li key={school.id} className="card item" aria-label={school.name}>
                  {editing === school.id ? (
                    <SchoolForm
                      idPrefix={`school-${school.id}-`}
                      initial={schoolToValues(school)}
                      submitLabel="Save school"
                      onCancel={() => setEditing(null)}
                      onSave={async (request) => {
                        await transportClient.operations.updateSchool.mutate({ school_id: school.id, ...request });
                        setEditing(null);
                        setNotice({ tone: 'success', text: `${request.name} was saved.` });
                        reload();
                      }}
                    />
                  ) : (
                    <div className="item__row">
                      <div>
                        <h3 className="item__title">{school.name}</h3>
                        <p className="muted">{[school.address, formatSchoolHours(school)].filter(Boolean).join(' · ') || 'No address or hours yet'}</p>
                      </div>
                      <div className="row-actions">
                        <button type="button" className="button button--small" onClick={() => setEditing(school.id)} aria-label={`Edit ${school.name}`}>
                          Edit
                        </button>
                        <button type="button" className="button button--small" onClick={() => void remove(school.id, school.name)} aria-label={`Remove ${school.name}`}>
                          Remove
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </RemoteView>
    </>
  );
};
