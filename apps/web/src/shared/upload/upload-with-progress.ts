import { HttpError, readErrorEnvelope } from '../api/http-error.ts';

export type UploadRequest = {
  url: string;
  file: File;
  fileField: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** 0..1 of the request body sent so far. */
  onProgress?: (fraction: number) => void;
};

/**
 * fetch() cannot report upload progress, XMLHttpRequest can. Resolves with the parsed JSON of a
 * 2xx answer; rejects with an HttpError (status 0 when the connection was lost).
 */
export const uploadWithProgress = ({ url, file, fileField, fields = {}, headers = {}, onProgress }: UploadRequest) =>
  new Promise<unknown>((resolve, reject) => {
    const body = new FormData();
    // Text fields first: the server reads the multipart stream in order.
    for (const [name, value] of Object.entries(fields)) {
      body.append(name, value);
    }
    body.append(fileField, file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(event.loaded / event.total);
      }
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        try {
          resolve(JSON.parse(request.responseText) as unknown);
        } catch {
          resolve(null);
        }

        return;
      }
      reject(readErrorEnvelope(request.status, request.responseText));
    });
    request.addEventListener('error', () => reject(new HttpError(0, 'network_error', 'The upload did not complete.')));
    request.addEventListener('abort', () => reject(new HttpError(0, 'aborted', 'The upload was cancelled.')));
    request.send(body);
  });
