import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog>: showModal() makes the page inert (focus stays inside),
 * Escape closes it, focus returns to the opener. A backdrop click closes it too.
 */
export function Modal({ open, onClose, labelledBy, children, className }: { open: boolean; onClose: () => void; labelledBy: string; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className={className ? `modal ${className}` : 'modal'} aria-labelledby={labelledBy} onClose={onClose} onClick={(e) => { if (e.target === ref.current) onClose(); }}>
      {open && <div className="modal__body">{children}</div>}
    </dialog>
  );
}
