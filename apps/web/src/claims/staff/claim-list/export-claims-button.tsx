import { useState } from 'react';
import { HttpError } from '../../../shared/api/http-error.ts';
import { downloadWithHeaders } from '../../../shared/download/download-with-headers.ts';
import { handleStaffStatus, staffHeaders } from '../staff-client.ts';
import { claimsExportUrl, type ClaimFilters } from './claim-filters.ts';

/** Every claim of the current filters, in the current order, as CSV; the key travels in a header. */
export const ExportClaimsButton = ({ filters }: { filters: ClaimFilters }) => {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadWithHeaders(claimsExportUrl(filters), staffHeaders(), 'claims.csv');
    } catch (error) {
      if (error instanceof HttpError) {
        handleStaffStatus(error.status);
      }
      setFailure(error instanceof Error ? error.message : 'The export could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="export-claims">
      <button type="button" className="button" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {failure ? (
        <p className="export-claims__error" role="alert">
          The export failed: {failure}
        </p>
      ) : null}
    </div>
  );
};
