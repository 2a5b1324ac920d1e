import type { ZodType, output } from 'zod';
import { apiError, checkAnswer, keepBookmark, NetworkError, storedBookmark, type Typed } from './api.ts';
import { BOOKMARK_HEADER } from '#schemas/headers.ts';
import { replaceStoredToken } from './storage.ts';

/** How far an upload has got (bytes of the request body sent). */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  body: FormData;
  /** Bearer token for the Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
}

/**
 * A file upload with real progress. fetch() reports no upload progress in browsers, so this is
 * XMLHttpRequest behind api()'s conventions: same-origin `/api/...` paths (cookies included), the
 * bearer token or a custom header, the D1 bookmark sent and kept (read your own writes), a renewed
 * token (`X-Renewed-Token`) kept wherever the old one was, a failure
 * thrown as `ApiError` with the server's message (and `fields`), no answer as `NetworkError`.
 */
export function upload<S extends ZodType>(
  path: string,
  { method = 'POST', body, token, headers = {}, onProgress, signal, schema }: UploadOptions & Typed<S>,
): Promise<output<S>> {
  return new Promise<output<S>>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const bookmark = storedBookmark();
    if (bookmark) xhr.setRequestHeader(BOOKMARK_HEADER, bookmark);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total)
        onProgress?.({
          loaded: e.loaded,
          total: e.total,
          percent: Math.min(100, Math.floor((e.loaded / e.total) * 100)),
        });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      reject(new NetworkError(new Error('The upload did not reach the server')));
    };
    xhr.onload = () => {
      done();
      const sent = token ?? headers['X-Applicant-Token'];
      const renewed = xhr.getResponseHeader('X-Renewed-Token');
      if (sent && renewed) replaceStoredToken(sent, renewed);
      keepBookmark(xhr.getResponseHeader(BOOKMARK_HEADER));
      let data: unknown = null;
      if (xhr.getResponseHeader('Content-Type')?.includes('application/json')) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = null;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(checkAnswer(schema, path, data));
      else reject(apiError(xhr.status, xhr.statusText, data));
    };
    xhr.send(body);
  });
}
