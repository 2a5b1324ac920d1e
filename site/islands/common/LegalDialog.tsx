import { useEffect, useId, useRef } from 'react';
import { lazy, useLazy } from '#site/lib/lazy.ts';
import { Modal } from './Modal.tsx';

// The texts (~5 KB brotli) load when a dialog first opens (or the link is hovered or focused),
// not with the page.
export const loadLegal = lazy(() => import('#site/lib/legal.ts'));

export type LegalDocument = 'terms' | 'privacy';

const documents = {
  terms: {
    title: 'Terms and Conditions',
    page: '/terms',
    sections: (m: Awaited<ReturnType<typeof loadLegal>>) => m.termsSections,
  },
  privacy: {
    title: 'Privacy Policy',
    page: '/privacy',
    sections: (m: Awaited<ReturnType<typeof loadLegal>>) => m.privacySections,
  },
} as const;

/**
 * The Terms and Conditions (12 sections) or the Privacy Policy (10 sections) of site/lib/legal.ts
 * in a dialog over a form, so reading them loses nothing typed (spec 2 section 2: dialogs with a
 * close control). The same texts as /terms and /privacy.
 */
export function LegalDialog({
  document: which,
  onClose,
}: {
  document: LegalDocument | null;
  onClose: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [legal, start] = useLazy(loadLegal);
  const doc = which ? documents[which] : null;

  useEffect(() => {
    if (!which) return;
    start().catch((e: unknown) => console.error('Failed to load the legal texts', e));
    // The dialog opens in the parent's effect: focus its title after that, at the top of the text.
    requestAnimationFrame(() => heading.current?.focus());
  }, [which, start]);

  return (
    <Modal open={doc !== null} onClose={onClose} labelledBy={`${id}-title`} className="modal--legal">
      {doc && (
        <>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {doc.title}
          </h2>
          <div className="legal-dialog__text" tabIndex={0} role="region" aria-label={`${doc.title} text`}>
            {!legal ? (
              <p role="status">Loading…</p>
            ) : (
              <ol className="legal-dialog__sections">
                {doc.sections(legal).map((section) => (
                  <li key={section.title}>
                    <h3>{section.title}</h3>
                    {section.body.map((p, i) => (
                      <p key={i}>{p}</p>
                    ))}
                  </li>
                ))}
              </ol>
            )}
            <p className="muted">
              The same text is on the{' '}
              <a href={doc.page} target="_blank" rel="noopener">
                {doc.title} page<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </p>
          </div>
          <button type="button" className="btn btn--primary" onClick={onClose}>
            Close
          </button>
        </>
      )}
    </Modal>
  );
}
