import { useState } from 'react';
import { readAppError } from '../../shared/api/read-app-error.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { formatBytes } from '../../shared/format/format-bytes.ts';
import { formatDateTime } from '../../shared/format/format-date.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';

export type ListedDocument = {
  id: string;
  original_name: string;
  size_bytes: number;
  mime_type: string;
  uploaded_by: string;
  created_at: string;
  client_visible?: boolean;
};

type DocumentListProps = {
  documents: readonly ListedDocument[];
  download: (document: ListedDocument) => Promise<void>;
  showVisibility?: boolean;
};

export const DocumentList = ({ documents, download, showVisibility = false }: DocumentListProps) => {
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (documents.length === 0) {
    return <EmptyState title="No documents yet" />;
  }

  const start = async (document: ListedDocument) => {
    setError(null);
    setBusyId(document.id);
    try {
      await download(document);
    } catch (failure) {
      setError(`${document.original_name} could not be downloaded. ${readAppError(failure).message}`);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <ul className="documents" aria-label="Documents">
        {documents.map((document) => (
          <li key={document.id} className="document">
            <Icon name="file" className="document__icon" />
            <div className="document__body">
              <p className="document__name">{document.original_name}</p>
              <p className="document__meta">
                {formatBytes(document.size_bytes)} · {document.uploaded_by === 'STAFF' ? 'From our team' : 'Uploaded by client'} ·{' '}
                {formatDateTime(document.created_at)}
              </p>
              {showVisibility ? (
                <span className={`badge ${document.client_visible ? 'badge--info' : 'badge--warning'}`}>
                  {document.client_visible ? 'Visible to client' : 'Internal only'}
                </span>
              ) : null}
            </div>
            <button
              type="button"
              className="button button--small"
              onClick={() => void start(document)}
              disabled={busyId === document.id}
              aria-label={`Download ${document.original_name}`}
            >
              <Icon name="download" />
              <span className="document__button-text">{busyId === document.id ? 'Downloading…' : 'Download'}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
};
