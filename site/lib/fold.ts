// Where a page's first screen ends (site/components/Fold.astro), read by the build
// (scripts/lib/page-css.ts) and by the page's loader (site/layouts/BaseLayout.astro).

/** The attribute of the marker Fold.astro renders, and of the stylesheet link the build puts there. */
export const FOLD_ATTRIBUTE = 'data-fold';
/** The marker as Fold.astro renders it (inert outside a build). */
export const FOLD_MARKER = `<template ${FOLD_ATTRIBUTE}></template>`;
