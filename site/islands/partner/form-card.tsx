import type { ComponentProps, ReactNode } from 'react';
import { useTypedBeforeHydration } from '#site/lib/typed-before-hydration.ts';

/**
 * A partner page's one form, as a card: the eyebrow, the page's heading (which names the form),
 * then the form's content. The sign-in pages load their rules on the form's first focus (`onFocus`).
 */
export function FormCard({
  eyebrow,
  titleId,
  title,
  onSubmit,
  onFocus,
  children,
}: {
  eyebrow: string;
  titleId: string;
  title: string;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  onFocus?: (() => void) | undefined;
  children: ReactNode;
}) {
  // The sign-in, reset and verify forms are drawn on the server: what is typed before they hydrate counts.
  const formRef = useTypedBeforeHydration();
  return (
    <form
      ref={formRef}
      className="pt-card pt-narrow"
      onFocus={onFocus}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
    >
      <p className="pt-eyebrow">{eyebrow}</p>
      <h1 id={titleId} className="pt-title">
        {title}
      </h1>
      {children}
    </form>
  );
}
