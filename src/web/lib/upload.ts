// File uploads (multipart, field `file`) with the stored auth-token and upload progress. fetch cannot report how
// much of a request body has been sent, so this one call uses XMLHttpRequest; its answers and errors are read
// exactly as api() reads them (ApiError with the server's `{error}` text). Only the Studio imports it, so it stays
// out of the first load.
import { STORAGE } from '../../shared/first-load';
import { ApiError, errorFromResponse, NETWORK_ERROR } from './api';
import { requestEnded, requestStarted } from './progress';
import { getToken } from './session';

export interface UploadOptions {
  /** The multipart field name; `file` unless told. */
  field?: string;
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  form.append(options.field ?? 'file', file);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader(STORAGE.token, token);

    const { onProgress, signal } = options;
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const settle = () => {
      signal?.removeEventListener('abort', onAbort);
      requestEnded();
    };

    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText === '' ? null : JSON.parse(xhr.responseText)) as T);
        } catch {
          reject(new ApiError(xhr.status, 'The server sent an answer that could not be read.'));
        }
      } else {
        reject(errorFromResponse(xhr.status, xhr.statusText, xhr.responseText));
      }
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });

    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    requestStarted();
    xhr.send(form);
  });
}
