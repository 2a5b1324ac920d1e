import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

// Dialogs opened by a click (the home sections' "Read more", the recruitment strategies, the
// assistance form's terms): the Modal's code (~0.6 KB brotli) is fetched once the island has
// hydrated, not with the page (the page's JavaScript budget, docs/performance.md §2), and the
// <dialog> mounts on the first open (a closed dialog shows nothing). A click before the code is
// there waits for it under Suspense.
const loadModal = () => import('./Modal.tsx');
const Modal = lazy(() => loadModal().then((m) => ({ default: m.Modal })));

/** The site's Modal, loaded after the island and mounted from its first opening; the same props. */
export function LazyModal(props: ComponentProps<typeof Modal>) {
  const [opened, setOpened] = useState(props.open);
  useEffect(() => {
    loadModal().catch(() => {});
  }, []);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
