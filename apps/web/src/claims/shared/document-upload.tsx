import { useState, type ReactNode } from 'react';
import { HttpError } from '../../shared/api/http-error.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { FileDropZone } from '../../shared/upload/file-drop-zone.tsx';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';
import { checkFileBeforeUpload, describeUploadError, UPLOAD_ACCEPT, UPLOAD_HINT } from './upload-rules.ts';

type DocumentUploadProps = {
  send: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  /** Refreshes what shows the documents; the upload counts as done once that is back. */
  onUploaded: () => Promise<void>;
  /** Extra choices shown above the drop zone (staff decide whether the client sees the file). */
  options?: ReactNode;
};

type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; fileName: string; fraction: number }
  | { phase: 'done'; fileName: string }
  | { phase: 'failed'; fileName: string; message: string };

export const DocumentUpload = ({ send, onUploaded, options }: DocumentUploadProps) => {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  const start = async (file: File) => {
    const problem = checkFileBeforeUpload(file);
    if (problem) {
      setState({ phase: 'failed', fileName: file.name, message: problem });

      return;
    }
    setState({ phase: 'sending', fileName: file.name, fraction: 0 });
    try {
      await send(file, (fraction) => setState({ phase: 'sending', fileName: file.name, fraction }));
      await onUploaded();
      setState({ phase: 'done', fileName: file.name });
    } catch (error) {
      const message = error instanceof HttpError ? describeUploadError(error) : 'The upload failed. Please try again.';
      setState({ phase: 'failed', fileName: file.name, message });
    }
  };

  return (
    <div className="upload">
      {options}
      <FileDropZone
        label="Choose a file"
        hint={UPLOAD_HINT}
        accept={UPLOAD_ACCEPT}
        disabled={state.phase === 'sending'}
        onFile={(file) => void start(file)}
      />
      {state.phase === 'sending' ? <ProgressBar label={`Uploading ${state.fileName}`} fraction={state.fraction} /> : null}
      {state.phase === 'done' ? <FormAlert tone="success">{state.fileName} was uploaded.</FormAlert> : null}
      {state.phase === 'failed' ? <FormAlert title={`${state.fileName} was not uploaded`}>{state.message}</FormAlert> : null}
    </div>
  );
};
