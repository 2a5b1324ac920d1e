import { lazy, Suspense, type ComponentProps } from 'react';

// "Your data" sits at the bottom of every dashboard and is used rarely: its code (the panel, the
// delete dialog) loads after the dashboard, so the page stays within its JavaScript budget.
const PrivacyPanel = lazy(() => import('./PrivacyPanel.tsx').then((m) => ({ default: m.PrivacyPanel })));

/** The privacy panel, loaded on demand; the same props as PrivacyPanel. */
export function LazyPrivacyPanel(props: ComponentProps<typeof PrivacyPanel>) {
  return (
    <Suspense fallback={<p role="status">Loading your data options…</p>}>
      <PrivacyPanel {...props} />
    </Suspense>
  );
}
