// Where a page's first screen ends (site/components/Fold.astro), and the link to the page's whole
// stylesheet, read by the build (scripts/build/page-css.ts) and by the page's loader
// (site/layouts/BaseLayout.astro).

/** The attribute of the marker Fold.astro renders. */
export const FOLD_ATTRIBUTE = 'data-fold';
/** The marker as Fold.astro renders it (inert outside a build). */
export const FOLD_MARKER = `<template ${FOLD_ATTRIBUTE}></template>`;
/**
 * The attribute of the link to the page's whole stylesheet, which the build puts at the fold (or at
 * the end of a page without one), `disabled` until the loader enables it at the first paint.
 */
export const PAGE_STYLESHEET_ATTRIBUTE = 'data-page-css';
