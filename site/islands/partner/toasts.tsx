import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'info' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

const TOAST_MS = 5000;
const ToastContext = createContext<(kind: ToastKind, text: string) => void>(() => {});

/** Shows a toast for 5 seconds (spec 2 section 4), announced to screen readers. */
export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((kind: ToastKind, text: string) => {
    const id = next.current++;
    setToasts((list) => [...list.slice(-3), { id, kind, text }]);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Live regions exist before any message so screen readers announce what is added. */}
      <div className="pt-toasts">
        <div role="status" aria-live="polite">
          {toasts.filter((t) => t.kind !== 'error').map((t) => <ToastItem key={t.id} toast={t} onDone={dismiss} />)}
        </div>
        <div role="alert" aria-live="assertive">
          {toasts.filter((t) => t.kind === 'error').map((t) => <ToastItem key={t.id} toast={t} onDone={dismiss} />)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    const t = setTimeout(() => onDone(toast.id), TOAST_MS);
    return () => clearTimeout(t);
  }, [toast.id, onDone]);
  return (
    <div className={`pt-toast pt-toast-${toast.kind}`} data-kind={toast.kind}>
      <span>{toast.text}</span>
      <button type="button" className="pt-toast-close" onClick={() => onDone(toast.id)} aria-label="Dismiss notification">×</button>
    </div>
  );
}
