import { useEffect, useState } from 'react';

/**
 * The site's one toast system: a tiny store any island can push to (`toast.success(…)`, or
 * `useToast()` for components that prefer a hook) and one <Toaster> per island that renders it in
 * one pair of live regions. How long each kind stays and how many stay on screen are the Toaster's
 * (the specs differ by area: spec 2 section 4 for partners, section 9 for the assistance form).
 */
export type ToastKind = 'success' | 'info' | 'error' | 'loading';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: Toast[] = [];
let nextId = 1;
// The mounted Toaster's `max`: older toasts leave the queue, not just the screen.
let limit = Infinity;
const listeners = new Set<(list: Toast[]) => void>();
const emit = () => listeners.forEach((l) => l(toasts));

/** Adds a toast; answers its id (to dismiss a loading toast once the work is done). */
export function showToast(kind: ToastKind, message: string) {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-limit);
  emit();
  return id;
}

/** Removes one toast, or every toast without an id. */
export function dismiss(id?: number) {
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
  error: (message: string) => showToast('error', message),
  loading: (message: string) => showToast('loading', message),
  dismiss,
};

/** `toast(kind, message)` for components (the store is module-wide, so no provider is needed). */
export const useToast = () => showToast;

/** How long each kind stays, in ms (null: until dismissed). */
export type ToastDurations = Record<ToastKind, number | null>;

/** The class names of each area's look (site/styles/recruitment.css and partner.css). */
const looks = {
  rc: {
    root: 'rc-toaster',
    lane: 'rc-toaster__lane',
    item: (k: ToastKind) => `rc-toast rc-toast--${k}`,
    close: 'rc-toast__close',
    icon: 'rc-toast__icon',
  },
  pt: {
    root: 'pt-toasts',
    lane: undefined,
    item: (k: ToastKind) => `pt-toast pt-toast-${k}`,
    close: 'pt-toast-close',
    icon: null,
  },
} as const;

/**
 * Renders the queue: the live regions exist before any message so screen readers announce what is
 * added; errors are announced assertively, the rest politely. At most `max` are queued (the oldest
 * leaves first).
 */
export function Toaster({
  durations,
  max,
  look,
}: {
  durations: ToastDurations;
  max: number;
  look: keyof typeof looks;
}) {
  limit = max;
  const [list, setList] = useState<Toast[]>(toasts);
  useEffect(() => {
    listeners.add(setList);
    setList(toasts);
    return () => void listeners.delete(setList);
  }, []);
  const c = looks[look];
  const item = (t: Toast) => <ToastItem key={t.id} toast={t} ms={durations[t.kind]} look={c} />;
  return (
    <div className={c.root}>
      <div aria-live="polite" role="status" className={c.lane}>
        {list.filter((t) => t.kind !== 'error').map(item)}
      </div>
      <div aria-live="assertive" role="alert" className={c.lane}>
        {list.filter((t) => t.kind === 'error').map(item)}
      </div>
    </div>
  );
}

function ToastItem({
  toast: t,
  ms,
  look,
}: {
  toast: Toast;
  ms: number | null;
  look: (typeof looks)[keyof typeof looks];
}) {
  useEffect(() => {
    if (ms === null) return;
    const timer = setTimeout(() => dismiss(t.id), ms);
    return () => clearTimeout(timer);
  }, [t.id, ms]);
  return (
    <div className={look.item(t.kind)} data-kind={t.kind}>
      {look.icon && (
        <span aria-hidden="true" className={look.icon}>
          {t.kind === 'success' ? '✓' : t.kind === 'error' ? '!' : '…'}
        </span>
      )}
      <span>{t.message}</span>
      <button
        type="button"
        className={look.close}
        aria-label="Dismiss notification"
        onClick={() => dismiss(t.id)}
      >
        ×
      </button>
    </div>
  );
}
