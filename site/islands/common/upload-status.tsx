import { useRef, useState } from 'react';
import { ApiError, NetworkError } from '#site/lib/api.ts';
import type { UploadProgress } from '#site/lib/upload.ts';

/** A file size as people read it: '640 KB', '9.6 MB'. */
export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: UploadProgress | null }
  | { phase: 'failed'; message: string; retryable: boolean }
  | { phase: 'cancelled' }
  | { phase: 'done' };

/** What a failed upload means for the person: the reason and what to do next. */
export function uploadFailure(error: unknown, fallback: string): { message: string; retryable: boolean } {
  if (error instanceof NetworkError) {
    return {
      message:
        'The upload stopped before it reached us. Check your connection, then press Retry: your file is still selected.',
      retryable: true,
    };
  }
  if (error instanceof ApiError) {
    if (error.status === 413)
      return {
        message: `${error.message || 'The file is too large.'} Choose a smaller file.`,
        retryable: false,
      };
    if (error.status === 429 || error.status >= 500) {
      return {
        message: `${error.message || fallback} Press Retry in a moment: your file is still selected.`,
        retryable: true,
      };
    }
    return {
      message: error.message && error.message !== 'Bad Request' ? error.message : fallback,
      retryable: false,
    };
  }
  return { message: fallback, retryable: true };
}

/**
 * The state of one upload at a time: `run` starts it (handing the progress callback and an abort
 * signal to site/lib/upload.ts) and resolves to its result, or undefined when it failed or was
 * cancelled (the state then says why). The caller keeps the chosen file, so Retry sends it again.
 */
export function useUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  return {
    state,
    busy: state.phase === 'uploading',
    async run<T>(
      send: (options: { onProgress: (p: UploadProgress) => void; signal: AbortSignal }) => Promise<T>,
      fallback: string,
      onError?: (error: unknown) => boolean,
    ): Promise<T | undefined> {
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: 'uploading', progress: null });
      try {
        const value = await send({
          onProgress: (progress) => setState({ phase: 'uploading', progress }),
          signal: abort.signal,
        });
        setState({ phase: 'done' });
        return value;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') setState({ phase: 'cancelled' });
        // The caller may handle some failures itself (an ended session: sign in again in place).
        else if (onError?.(error)) setState({ phase: 'idle' });
        else setState({ phase: 'failed', ...uploadFailure(error, fallback) });
        return undefined;
      } finally {
        controller.current = null;
      }
    },
    cancel: () => controller.current?.abort(),
    reset: () => setState({ phase: 'idle' }),
  };
}

/**
 * Progress of an upload (a native progressbar named after the file, with the percentage and
 * bytes in words), then what to do if it failed: Retry sends the same file again.
 */
export function UploadStatus({
  state,
  fileName,
  onRetry,
  onCancel,
}: {
  state: UploadState;
  fileName: string;
  onRetry: () => void;
  onCancel: () => void;
}) {
  if (state.phase === 'uploading') {
    const p = state.progress;
    const percent = p?.percent ?? 0;
    return (
      <div className="upload-status" data-testid="upload-status">
        <progress
          max={100}
          value={percent}
          aria-label={`Uploading ${fileName}`}
          aria-valuetext={`${percent}%`}
        />
        <p className="upload-status__text">
          {p ? `${percent}% · ${formatBytes(p.loaded)} of ${formatBytes(p.total)}` : 'Starting the upload…'}{' '}
          <button type="button" className="upload-status__action" onClick={onCancel}>
            Cancel upload
          </button>
        </p>
      </div>
    );
  }
  if (state.phase === 'failed') {
    return (
      <div className="upload-status upload-status--failed" role="alert" data-testid="upload-status">
        <p className="upload-status__text">{state.message}</p>
        {state.retryable && (
          <button type="button" className="upload-status__action" onClick={onRetry}>
            Retry upload
          </button>
        )}
      </div>
    );
  }
  if (state.phase === 'cancelled') {
    return (
      <div className="upload-status" role="status" data-testid="upload-status">
        <p className="upload-status__text">
          Upload cancelled. Your file is still selected:{' '}
          <button type="button" className="upload-status__action" onClick={onRetry}>
            Upload it again
          </button>
        </p>
      </div>
    );
  }
  return null;
}
