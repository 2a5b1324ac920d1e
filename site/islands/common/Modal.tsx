import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** The id of the heading inside that names the dialog; or give `title` and the modal draws the heading. */
  labelledBy?: string;
  /** A heading with a Close (×) button, drawn by the modal. */
  title?: string;
  /** Modifier classes (`modal--legal`, `modal--wide`: site/styles/global.css). */
  className?: string;
  /** False while something must not be interrupted (a submit in flight): Escape and the backdrop do nothing. */
  dismissible?: boolean;
}

/**
 * The site's one modal, on the native <dialog>, with one look (site/styles/global.css, "Modals"): showModal() makes the page behind inert, Escape and
 * a backdrop click close it, page scrolling is locked while open, Tab stays inside (the browser
 * would otherwise move on to its own toolbar) and focus returns to the opener. The content mounts
 * only while open.
 */
export function Modal({
  open,
  onClose,
  children,
  labelledBy,
  title,
  className,
  dismissible = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    return () => {
      root.style.overflow = previous;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={title ? titleId : labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget && dismissible) onClose();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      {open && (
        <div className="modal__body">
          {title && (
            <div className="modal__head">
              <h2 id={titleId} className="modal__title">
                {title}
              </h2>
              <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
                ×
              </button>
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
