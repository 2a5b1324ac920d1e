import { useEffect, useState } from 'react';

/**
 * A tiny toast queue for the assistance form (spec 2 section 9): top-right, errors for 4 s,
 * successes for 2 s, loading until dismissed, at most 20 on screen (the oldest leaves first).
 */
export type ToastKind = 'success' | 'error' | 'loading';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const DURATION: Record<ToastKind, number | null> = { success: 2000, error: 4000, loading: null };
export const MAX_TOASTS = 20;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(list: Toast[]) => void>();
const emit = () => listeners.forEach((l) => l(toasts));

function show(kind: ToastKind, message: string) {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  const ms = DURATION[kind];
  if (ms !== null) setTimeout(() => dismiss(id), ms);
  return id;
}

export function dismiss(id?: number) {
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  loading: (message: string) => show('loading', message),
  dismiss,
};

/** Renders the queue; errors are announced assertively, the rest politely. */
export function Toaster() {
  const [list, setList] = useState<Toast[]>(toasts);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    <div className="rc-toaster">
      <div aria-live="polite" role="status" className="rc-toaster__lane">
        {list.filter((t) => t.kind !== 'error').map((t) => <ToastItem key={t.id} toast={t} />)}
      </div>
      <div aria-live="assertive" role="alert" className="rc-toaster__lane">
        {list.filter((t) => t.kind === 'error').map((t) => <ToastItem key={t.id} toast={t} />)}
      </div>
    </div>
  );
}

function ToastItem({ toast: t }: { toast: Toast }) {
  return (
    <div className={`rc-toast rc-toast--${t.kind}`} data-kind={t.kind}>
      <span aria-hidden="true" className="rc-toast__icon">{t.kind === 'success' ? '✓' : t.kind === 'error' ? '!' : '…'}</span>
      <span>{t.message}</span>
      <button type="button" className="rc-toast__close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>×</button>
    </div>
  );
}
