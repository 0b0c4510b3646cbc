import { LIMITS } from '@switchyard/domain/claims/limits';
import { ALLOWED_EXTENSIONS } from '@switchyard/domain/claims/upload-rules';
import type { HttpError } from '../../shared/api/http-error.ts';

export const UPLOAD_ACCEPT = ALLOWED_EXTENSIONS.join(',');
export const UPLOAD_HINT = 'PDF, JPG, PNG, DOC or DOCX, up to 20 MB.';

const TOO_LARGE = 'This file is larger than 20 MB. Please upload a smaller file or split it.';
const WRONG_TYPE = 'This file type is not accepted. Upload a PDF, JPG, PNG, DOC or DOCX file.';

/** Checked before sending, so a large wrong file is not uploaded only to be refused. */
export const checkFileBeforeUpload = (file: File): string | null => {
  if (file.size > LIMITS.uploadBytes) {
    return TOO_LARGE;
  }
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  if (!ALLOWED_EXTENSIONS.includes(extension)) {
    return WRONG_TYPE;
  }
  if (file.size === 0) {
    return 'This file is empty.';
  }

  return null;
};

/** The server has the last word (it checks the content's first bytes); its refusals in plain words. */
export const describeUploadError = (error: HttpError): string => {
  if (error.status === 413) {
    return TOO_LARGE;
  }
  if (error.status === 415) {
    return `${WRONG_TYPE} The content must match the file's extension.`;
  }
  if (error.status === 0) {
    return 'The upload did not complete. Check your connection and try again.';
  }

  return error.message;
};
