import { downloadWithHeaders } from '../../../shared/download/download-with-headers.ts';
import { HttpError } from '../../../shared/api/http-error.ts';
import { uploadWithProgress } from '../../../shared/upload/upload-with-progress.ts';
import { DocumentList, type ListedDocument } from '../../shared/document-list.tsx';
import { DocumentUpload } from '../../shared/document-upload.tsx';
import { invalidates } from '../../../shared/query/query-client.ts';
import { bearerHeaders, handlePortalStatus, portalTrpc } from '../portal-client.ts';

type PortalDocumentsProps = { claimNumber: string; documents: readonly ListedDocument[] };

const documentsPath = (claimNumber: string) => `/api/claims/${encodeURIComponent(claimNumber)}/documents`;

/** The REST paths carry files; a 401 there ends the session just like one from tRPC. */
const watchStatus = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpError) {
      handlePortalStatus(error.status);
    }
    throw error;
  }
};

/** Files go over REST (they stream); an upload then refreshes the client's claims. */
export const PortalDocuments = ({ claimNumber, documents }: PortalDocumentsProps) => (
  <>
    <DocumentList
      documents={documents}
      download={(document) =>
        watchStatus(downloadWithHeaders(`${documentsPath(claimNumber)}/${document.id}`, bearerHeaders(), document.original_name))
      }
    />
    <DocumentUpload
      send={(file, onProgress) =>
        watchStatus(uploadWithProgress({ url: documentsPath(claimNumber), file, fileField: 'file', headers: bearerHeaders(), onProgress }))
      }
      onUploaded={invalidates(portalTrpc.claims.pathFilter())}
    />
  </>
);
