import type { ComponentProps } from 'react';

/**
 * A back-office form: submitting runs `onSubmit` in place of the browser's navigation. `narrow`
 * keeps a form that stands alone on a page to one column.
 */
export function AdminForm({
  onSubmit,
  narrow = false,
  children,
  ...form
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'className'> & { onSubmit: () => void; narrow?: boolean }) {
  return (
    <form
      className={narrow ? 'admin-form--narrow' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      {...form}
    >
      {children}
    </form>
  );
}
