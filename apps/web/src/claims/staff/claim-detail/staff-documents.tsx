import { useState } from 'react';
import { downloadWithHeaders } from '../../../shared/download/download-with-headers.ts';
import { HttpError } from '../../../shared/api/http-error.ts';
import { CheckboxField } from '../../../shared/forms/checkbox-field.tsx';
import { uploadWithProgress } from '../../../shared/upload/upload-with-progress.ts';
import { DocumentList, type ListedDocument } from '../../shared/document-list.tsx';
import { DocumentUpload } from '../../shared/document-upload.tsx';
import { invalidates } from '../../../shared/query/query-client.ts';
import { handleStaffStatus, staffHeaders, staffTrpc } from '../staff-client.ts';

type StaffDocumentsProps = { claimNumber: string; documents: readonly ListedDocument[] };

const rethrowAfterStatus = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpError) {
      handleStaffStatus(error.status);
    }
    throw error;
  }
};

/** Files go over REST (they stream); an upload then refreshes the claim and the list's document count. */
export const StaffDocuments = ({ claimNumber, documents }: StaffDocumentsProps) => {
  const [clientVisible, setClientVisible] = useState(false);
  const encoded = encodeURIComponent(claimNumber);

  return (
    <>
      <DocumentList
        documents={documents}
        showVisibility
        download={(document) =>
          rethrowAfterStatus(downloadWithHeaders(`/api/claims/${encoded}/documents/${document.id}`, staffHeaders(), document.original_name))
        }
      />
      <DocumentUpload
        options={
          <CheckboxField
            id="upload-client-visible"
            name="Visibility"
            label="Let the client see this document"
            checked={clientVisible}
            onCheckedChange={setClientVisible}
          />
        }
        send={(file, onProgress) =>
          rethrowAfterStatus(
            uploadWithProgress({
              url: `/api/staff/claims/${encoded}/documents`,
              file,
              fileField: 'file',
              fields: clientVisible ? { client_visible: 'true' } : {},
              headers: staffHeaders(),
              onProgress,
            }),
          )
        }
        onUploaded={invalidates(staffTrpc.staff.pathFilter())}
      />
    </>
  );
};
