import type { KeyboardEvent } from 'react';

/**
 * The attributes of one tab of a dashboard's tablist (tab `tab-<id>`, its panel `panel-<id>`), with
 * WAI-ARIA roving focus: the arrow keys move to the next or previous tab (wrapping), Home and End
 * to the first and last, and the tab reached is selected.
 */
export function tabProps<Id extends string>(
  tabs: readonly { id: Id }[],
  active: Id,
  select: (id: Id) => void,
  id: Id,
) {
  const onKeyDown = (e: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === id);
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? tabs.length - 1
          : step === undefined
            ? undefined
            : (index + step + tabs.length) % tabs.length;
    if (next === undefined) return;
    e.preventDefault();
    const target = tabs[next]!.id;
    select(target);
    document.getElementById(`tab-${target}`)?.focus();
  };
  return {
    type: 'button' as const,
    role: 'tab',
    id: `tab-${id}`,
    'aria-selected': active === id,
    'aria-controls': `panel-${id}`,
    tabIndex: active === id ? 0 : -1,
    onClick: () => select(id),
    onKeyDown,
  };
}
